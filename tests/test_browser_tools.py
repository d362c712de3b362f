"""tools/browser.py: which Chromium the browser tests use, and what they say without one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import browser


def test_zero_chromium_variable_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "my-chromium"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    monkeypatch.setenv("ZERO_CHROMIUM", str(fake))
    assert browser.find_chromium() == str(fake)


def test_no_chromium_anywhere_gives_none_and_a_how_to(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ZERO_CHROMIUM", raising=False)
    monkeypatch.setattr("shutil.which", lambda name: None)
    monkeypatch.setattr("os.access", lambda path, mode: False)

    class NoBundledBrowser:
        class chromium:  # mimics playwright.chromium
            executable_path = "/nonexistent/chrome"

    assert browser.find_chromium(NoBundledBrowser()) is None
    assert "apt-get install chromium" in browser.NO_CHROMIUM
    assert "playwright install chromium" in browser.NO_CHROMIUM
