"""``python -m zero_game``: terminal play, tournaments and benchmarks."""

from .cli import main

raise SystemExit(main())
