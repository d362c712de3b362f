"""The start-up snapshot as the browser tests see it (assets/snapshot.mjs): its state on ``<html>``, and
JavaScript functions that read, copy, damage or remove the stored snapshot.  Written once for Playwright
(``page.evaluate``) and for ``tools/engines.py``'s ``Driver.call``: plain functions, awaited by both."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tools import precache

STATE = ("() => [document.documentElement.dataset.snapshot ?? null,"
         " document.documentElement.dataset.snapshotMade ?? null]")
# Made, or given up on: the page has settled what it does about a snapshot for the next visit.
SETTLED = ("() => ['made', 'refused', 'failed', 'stale', 'skipped']"
           ".includes(document.documentElement.dataset.snapshotMade)")
MADE = "() => document.documentElement.dataset.snapshotMade === 'made'"

# The release's cache and the snapshot's entry in it: [cache name, url, stored bytes or null].
_ENTRY = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith('zero '));
  for (const name of names) {
    const cache = await caches.open(name);
    const request = (await cache.keys()).find((r) => r.url.includes('/__snapshot__/'));
    if (request) return {name, cache, request};
  }
  return null;
}"""

ENTRY = f"""async () => {{
  const found = await ({_ENTRY})();
  if (!found) return null;
  const response = await found.cache.match(found.request);
  return [found.name, found.request.url, (await response.arrayBuffer()).byteLength];
}}"""

# Keep a copy of the stored snapshot in a cache of the test's own, to put it back later.
BACKUP = f"""async () => {{
  const found = await ({_ENTRY})();
  const copy = await caches.open('test-snapshot-copy');
  await copy.put('/copy', await found.cache.match(found.request));
  return [found.name, found.request.url];
}}"""

PUT_BACK = """async (name, url) => {
  const copy = await (await caches.open('test-snapshot-copy')).match('/copy');
  await (await caches.open(name)).put(url, copy);
}"""

REMOVE = f"""async () => {{
  const found = await ({_ENTRY})();
  return found ? found.cache.delete(found.request) : false;
}}"""

# Store a damaged version: a changed byte, the first half only, not a snapshot at all, or a well-formed
# one of another runtime build (a changed byte of the build id in Pyodide's own header).
DAMAGE = f"""async (how) => {{
  const found = await ({_ENTRY})();
  const bytes = new Uint8Array(await (await found.cache.match(found.request)).arrayBuffer());
  let stored;
  if (how === 'changed-byte') {{
    stored = bytes.slice();
    stored[stored.length >> 1] ^= 0x40;
  }} else if (how === 'truncated') {{
    stored = bytes.slice(0, bytes.length >> 1);
  }} else if (how === 'not-a-snapshot') {{
    stored = new TextEncoder().encode('<!doctype html><title>404</title>');
  }} else if (how === 'other-runtime-build') {{
    const format = await import(new URL('assets/snapshot.mjs', document.baseURI).href);
    const snapshot = format.decode(bytes.buffer);
    snapshot[20] ^= 0xff; // Pyodide's header: magic, offsets, then the build id (bytes 16-47)
    stored = new Uint8Array(format.encode(snapshot));
  }} else {{
    throw new Error(how);
  }}
  await found.cache.put(found.request, new Response(stored));
  return stored.length;
}}"""
DAMAGES = ("changed-byte", "truncated", "not-a-snapshot", "other-runtime-build")

SKIP_KEY = "zero-knizia:snapshot-skip"
# This device will not make one for the page's release (as after a refusal): the test's own snapshot stays.
SKIP = f"""async () => {{
  const found = await ({_ENTRY})();
  localStorage.setItem('{SKIP_KEY}', found ? found.name : (await caches.keys()).find((n) => n.startsWith('zero ')));
}}"""
UNSKIP = f"() => localStorage.removeItem('{SKIP_KEY}')"


def no_snapshot(scope: str = "/") -> str:
    """A page init script: this device makes no snapshot of this release at ``scope`` (the site's path), as after a
    refusal.  For tests of offline play that have a service worker but no use for a snapshot, which would otherwise
    be made in the background (seconds of a core) while they play."""
    return f"try {{ localStorage.setItem('{SKIP_KEY}', {cache_name(precache.version(), scope)!r}); }} catch (e) {{}}"


def cache_name(version: str, scope: str = "/") -> str:
    """The name of the cache that holds release ``version``'s files and its snapshot at ``scope`` (sw.js's
    ``CACHE_NAME``)."""
    return f"zero {scope} {version}"

# Storage that cannot read the snapshot: a page init script (Playwright).
UNREADABLE_STORAGE = """(() => {
  const match = Cache.prototype.match;
  Cache.prototype.match = function (request, options) {
    if (String(request.url ?? request).includes('/__snapshot__/')) {
      return Promise.reject(new DOMException('The storage could not be read.', 'UnknownError'));
    }
    return match.call(this, request, options);
  };
})();"""

# What a start shows first: the table's markup, the title, the language and the screen's name.
FIRST_SCREEN = """() => [document.getElementById('app').outerHTML, document.title, document.documentElement.lang,
  document.body.dataset.screen, document.querySelector('.masthead').outerHTML]"""


def state(call: Callable[..., Any]) -> tuple[str | None, str | None]:
    """(how this start went, what became of a snapshot for the next visit): see assets/snapshot.mjs."""
    started, made = call(STATE)
    return started, made
