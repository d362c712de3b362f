"""Benchmarks: printed figures, not timed tests."""
