"""Ids and moments as every game's documents store them."""

from __future__ import annotations

import random
from datetime import UTC, datetime


def new_id(rng: random.Random) -> str:
    """A fresh document id (uuid4-shaped hex) drawn from ``rng``; pass ``random.SystemRandom()`` in the app."""
    bits = rng.getrandbits(128)
    text = f"{bits:032x}"
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


def timestamp(moment: datetime) -> str:
    """``moment`` as the ISO text stored in documents, as JavaScript's ``toISOString()`` writes it."""
    if moment.tzinfo is None:
        raise ValueError("A timestamp needs a time zone.")
    utc = moment.astimezone(UTC)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"
