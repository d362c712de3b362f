"""Does Firefox keep the runtime's compiled WebAssembly between visits?  Its preferences, and the compile timed.

    python bench/wasmcache.py [--visits 4] [--pause 10]

A restored start's longest step in Firefox is compiling ``pyodide.asm.wasm`` (docs/benchmarks.md, "Return
visits").  Firefox can store compiled wasm beside a response in its HTTP cache (necko's "alternative data",
``javascript.options.wasm_caching``) and compile from it at the next visit; SpiderMonkey offers that only
where its code caching is available, which it is not while lazy tiering (``javascript.options.wasm_lazy_tiering``)
is on.  This prints the preferences of the Firefox found (read in its chrome context, over Marionette: WebDriver
BiDi cannot) and then, in a fresh profile each, with the defaults and with lazy tiering off, the time of
``WebAssembly.compileStreaming`` on a page that does nothing else, at each of ``--visits`` visits
(``--pause`` seconds apart, for a background compile and the cache's write to finish), two ways: the wasm from
``serve.py`` (the HTTP cache, revalidated: ``no-cache`` + ``ETag``, as the site is served) and from a service
worker's Cache Storage (as the game's return visits get it).  A visit that compiles from a stored encoding takes
tens of milliseconds; one that compiles takes hundreds.
"""

from __future__ import annotations

import argparse
import json
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.browser import ROOT, find_firefox, stop_process
from tools.engines import LOAD_TIMEOUT_S, Site

PREFS = ("javascript.options.wasm_caching", "javascript.options.wasm_lazy_tiering",
         "javascript.options.wasm_baselinejit", "javascript.options.wasm_optimizingjit", "browser.cache.disk.enable")
SETTINGS: tuple[dict[str, Any], ...] = ({}, {"javascript.options.wasm_lazy_tiering": False})
PORT = 28291
WAYS = (("HTTP cache (serve.py, revalidated)", ""), ("service worker, Cache Storage", "?sw"))

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>wasm cache</title><script type="module" src="./page.mjs"></script></head>
<body>the runtime's wasm, compiled</body></html>
"""
# ?sw: a service worker answers the wasm from Cache Storage (registered, then the page reloads itself once).
SCRIPT = """const result = (window.__wasm = {});
async function run() {
  if (location.search === "?sw") {
    await navigator.serviceWorker.register("./sw.js");
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) return location.reload();
  }
  const started = performance.now();
  const module = await WebAssembly.compileStreaming(fetch("./pyodide.asm.wasm"));
  result.ms = performance.now() - started;
  result.controlled = Boolean(navigator.serviceWorker.controller);
  window.__module = module;
}
run().catch((error) => { result.error = String(error); })
  .finally(() => { result.done = result.ms !== undefined || !!result.error; });
"""
WORKER = """self.addEventListener("install", (e) => {
  e.waitUntil(caches.open("c").then((c) => c.add("./pyodide.asm.wasm")));
});
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  if (e.request.url.endsWith(".wasm")) e.respondWith(caches.match(e.request).then((r) => r || fetch(e.request)));
});
"""


class Marionette:
    """Firefox headless in a fresh profile with ``prefs``, driven over its Marionette protocol."""

    def __init__(self, executable: str, prefs: dict[str, Any]) -> None:
        self.profile = Path(tempfile.mkdtemp(prefix="wasmcache-"))
        lines = [f'user_pref("marionette.port", {PORT});']
        lines += [f'user_pref("{name}", {json.dumps(value)});' for name, value in prefs.items()]
        (self.profile / "user.js").write_text("\n".join(lines) + "\n", encoding="utf-8")
        self.process = subprocess.Popen(
            [executable, "--headless", "--marionette", "--remote-allow-system-access", "--no-remote",
             "--profile", str(self.profile)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while True:
            try:
                self.socket = socket.create_connection(("127.0.0.1", PORT), timeout=LOAD_TIMEOUT_S)
                break
            except OSError:
                if time.monotonic() > deadline:
                    self.quit()
                    raise
                time.sleep(0.3)
        self.stream = self.socket.makefile("rb")
        self.id = 0
        self._read()  # the server's greeting
        self.version = str(self.send("WebDriver:NewSession", {})["capabilities"]["browserVersion"])

    def _read(self) -> Any:
        length = b""
        while (byte := self.stream.read(1)) != b":":
            if not byte:
                raise ConnectionError("Marionette closed the connection")
            length += byte
        return json.loads(self.stream.read(int(length)))

    def send(self, name: str, params: dict[str, Any]) -> Any:
        self.id += 1
        data = json.dumps([0, self.id, name, params]).encode()
        self.socket.sendall(str(len(data)).encode() + b":" + data)
        _, _, error, result = self._read()
        if error:
            raise RuntimeError(f"{name}: {error}")
        return result

    def script(self, source: str, *args: Any) -> Any:
        return self.send("WebDriver:ExecuteScript", {"script": source, "args": list(args)})["value"]

    def prefs(self, names: tuple[str, ...]) -> dict[str, Any]:
        self.send("Marionette:SetContext", {"value": "chrome"})
        values = self.script("const P = Services.prefs; return arguments[0].map((n) => {"
                             " const type = P.getPrefType(n); if (type === P.PREF_BOOL) return P.getBoolPref(n);"
                             " return type === P.PREF_INVALID ? null : String(P.getCharPref(n)); });", list(names))
        self.send("Marionette:SetContext", {"value": "content"})
        return dict(zip(names, values, strict=True))

    def quit(self) -> None:
        stop_process(self.process)
        shutil.rmtree(self.profile, ignore_errors=True)


def compiles(firefox: Marionette, url: str, visits: int, pause: float) -> list[str]:
    """The compile's ms at each visit of ``url`` (``*``: the page was not controlled by its service worker)."""
    times = []
    for _ in range(visits):
        firefox.send("WebDriver:Navigate", {"url": url})
        deadline = time.monotonic() + LOAD_TIMEOUT_S
        while not (result := firefox.script("return window.__wasm?.done ? window.__wasm : null;")):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url}: no compile in {LOAD_TIMEOUT_S:.0f} s")
            time.sleep(0.05)
        if "error" in result:
            raise RuntimeError(f"{url}: {result['error']}")
        times.append(f"{result['ms']:.0f}" + ("" if result["controlled"] or "?sw" not in url else "*"))
        time.sleep(pause)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--visits", type=int, default=4)
    parser.add_argument("--pause", type=float, default=10.0, help="seconds between visits")
    args = parser.parse_args(argv)
    executable = find_firefox()
    if executable is None:
        print("no Firefox found")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        site_root = Path(folder)
        (site_root / "index.html").write_text(PAGE, encoding="utf-8")
        (site_root / "page.mjs").write_text(SCRIPT, encoding="utf-8")
        (site_root / "sw.js").write_text(WORKER, encoding="utf-8")
        shutil.copy(ROOT / "assets" / "vendor" / "pyodide" / "pyodide.asm.wasm", site_root)
        for settings in SETTINGS:
            firefox = Marionette(executable, settings)
            try:
                if not settings:
                    print(f"Firefox {firefox.version}: its preferences (defaults)")
                    for name, value in firefox.prefs(PREFS).items():
                        print(f"  {name} = {value}")
                said = ", ".join(f"{k} = {v}" for k, v in settings.items()) or "defaults"
                print(f"\n{said}: compileStreaming of pyodide.asm.wasm, ms at each visit ({args.pause:.0f} s apart)")
                for way, query in WAYS:
                    site = Site(site_root)
                    try:
                        times = compiles(firefox, site.url + query, args.visits, args.pause)
                        print(f"  {way:36} " + " ".join(f"{t:>5}" for t in times), flush=True)
                    finally:
                        site.stop()
            finally:
                firefox.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
