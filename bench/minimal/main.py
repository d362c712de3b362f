"""Baseline page's Python: mark the page ready, nothing else."""

from js import document  # type: ignore[import-not-found]

document.documentElement.dataset.app = "ready"
