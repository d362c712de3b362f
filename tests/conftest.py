"""Hypothesis runs the same examples on every run by default, so that a red run is one anybody can repeat and
a change is never refused for an example drawn by luck: ``HYPOTHESIS_PROFILE=explore`` draws fresh ones (and
keeps failures in ``.hypothesis/``), to look for new bugs on purpose."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
