"""``python -m thousand``: terminal play, tournaments and benchmarks of Zéro à 1000."""

from .cli import main

raise SystemExit(main())
