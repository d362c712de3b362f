"""Zero: the rules engine."""
