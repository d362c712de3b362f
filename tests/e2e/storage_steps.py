"""Helpers shared by the browser tests (from test_storage.py, so that no test file imports another)."""

from __future__ import annotations

from playwright.sync_api import Page

from tabletop.store import BACKUP_PREFIX


def stored(page: Page, key: str) -> str | None:
    value = page.evaluate("(key) => localStorage.getItem(key)", key)
    return None if value is None else str(value)


def backups(page: Page) -> dict[str, str]:
    return dict(page.evaluate(
        "(prefix) => Object.fromEntries(Object.keys(localStorage).filter(k => k.startsWith(prefix))"
        ".map(k => [k, localStorage.getItem(k)]))", BACKUP_PREFIX))


NO_ROOM_FOR_BACKUPS = """
(() => {
  const original = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(key).startsWith("zero-knizia:backup:")) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return original.call(this, key, value);
  };
})();
"""
