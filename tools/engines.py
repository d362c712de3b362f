"""One small interface over the browser engines a tablet may have, so each test is written once.

``Driver`` is what a test uses: open a URL, run a JavaScript *function* in the page, tap, choose,
type, resize, take a screenshot, and wait (bounded) for a condition.  Two implementations:

``FirefoxDriver``
    Firefox (Gecko) over WebDriver BiDi, through ``tools/puppeteer_bridge.mjs`` (npm
    ``puppeteer-core``), a Node process that takes one JSON command per line.
``WebKitDriver``
    WebKitGTK's MiniBrowser (the engine of Safari) through Debian's ``WebKitWebDriver`` and
    Selenium, on a virtual X display (WebKitGTK has no headless mode).

The page's Content-Security-Policy forbids eval: ``call`` always sends a function, which both
drivers run as a driver command (BiDi ``script.callFunction``, WebDriver "execute script").
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

import serve
from tools.browser import PUPPETEER_BRIDGE, start_xvfb, stop_process

# Bounds for every wait: a page load (Pyodide's boot) and one driver command.
LOAD_TIMEOUT_S = 120.0
COMMAND_TIMEOUT_S = 60.0


class Driver(ABC):
    """A browser page that a test drives by its ``data-*`` hooks."""

    engine: str
    version: str

    @abstractmethod
    def goto(self, url: str) -> None:
        """Navigate to ``url`` and wait for its ``load`` event."""

    def open(self, url: str) -> None:
        """Start loading ``url`` and return once its document is parsed, without waiting for ``load``.

        For a page whose downloads a test holds back (the runtime's wasm: the load event waits for it).
        """
        self.call("(u) => { setTimeout(() => { location.href = u; }, 0); }", url)
        deadline = time.monotonic() + LOAD_TIMEOUT_S
        while True:
            try:
                if self.call("(u) => location.href === u && document.readyState !== 'loading'", url):
                    return
            except Exception:  # noqa: BLE001 -- the old page went away mid-call: ask the new one
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.engine}: {url} was not parsed in {LOAD_TIMEOUT_S:.0f} s")
            time.sleep(0.05)

    @abstractmethod
    def reload(self) -> None:
        """Reload the page and wait for its ``load`` event."""

    @abstractmethod
    def call(self, function: str, *args: Any) -> Any:
        """Run the JavaScript function ``function`` (source text) in the page; return its JSON result."""

    @abstractmethod
    def click(self, selector: str) -> None:
        """Tap the first element matching ``selector`` with the driver's own pointer input."""

    @abstractmethod
    def select(self, selector: str, value: str) -> None:
        """Choose ``value`` in the ``<select>`` matching ``selector``."""

    @abstractmethod
    def fill(self, selector: str, text: str) -> None:
        """Replace the text of the input matching ``selector`` by typing ``text``."""

    @abstractmethod
    def set_viewport(self, width: int, height: int) -> tuple[int, int]:
        """Make the page's viewport ``width`` × ``height`` CSS pixels, or as near as the browser allows.

        Returns the size it got (WebKitGTK's MiniBrowser window is at least 447 px wide).
        """

    @abstractmethod
    def screenshot(self, path: Path) -> None:
        """Save a PNG of the page as it is shown."""

    @abstractmethod
    def quit(self) -> None:
        """Close the browser and everything started for it."""

    def wait(self, function: str, *args: Any, timeout: float = COMMAND_TIMEOUT_S, what: str = "") -> Any:
        """Call ``function`` until it returns something truthy; return that.  Fails after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.call(function, *args)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.engine}: waited {timeout:.0f} s for {what or function}")
            time.sleep(0.1)


# --- Firefox ------------------------------------------------------------------------------------


class BridgeError(RuntimeError):
    """puppeteer-core reported an error for a command."""


class FirefoxDriver(Driver):
    engine = "firefox"

    def __init__(self, executable: str, width: int = 1024, height: int = 768) -> None:
        self.process = subprocess.Popen(
            ["node", str(PUPPETEER_BRIDGE)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=PUPPETEER_BRIDGE.parent.parent,
        )
        try:
            self.version = str(
                self._send("launch", executablePath=executable, width=width, height=height,
                           protocolTimeout=int(LOAD_TIMEOUT_S * 1000))
            )
        except BaseException:
            stop_process(self.process)
            raise

    def _send(self, op: str, **fields: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"op": op, **fields}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise BridgeError(f"the puppeteer bridge ended (exit {self.process.poll()}) during {op!r}")
        answer = json.loads(line)
        if "error" in answer:
            raise BridgeError(f"{op}: {answer['error']}")
        return answer["value"]

    def goto(self, url: str) -> None:
        self._send("goto", url=url, timeout=int(LOAD_TIMEOUT_S * 1000))

    def reload(self) -> None:
        self._send("reload", timeout=int(LOAD_TIMEOUT_S * 1000))

    def call(self, function: str, *args: Any) -> Any:
        return self._send("call", fn=function, args=list(args))

    def click(self, selector: str) -> None:
        self._send("click", selector=selector)

    def select(self, selector: str, value: str) -> None:
        self._send("select", selector=selector, value=value)

    def fill(self, selector: str, text: str) -> None:
        self._send("fill", selector=selector, text=text)

    def set_viewport(self, width: int, height: int) -> tuple[int, int]:
        self._send("viewport", width=width, height=height)
        return width, height

    def screenshot(self, path: Path) -> None:
        self._send("screenshot", path=str(path), fullPage=False)

    def quit(self) -> None:
        try:
            if self.process.poll() is None:
                self._send("close")
        except (BridgeError, OSError, ValueError):
            pass
        finally:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                stop_process(self.process)


# --- Chromium (for comparison in bench/engines.py; tests/e2e/ drives it directly) ---------------------


class ChromiumDriver(Driver):
    engine = "chromium"

    def __init__(self, executable: str, width: int = 1024, height: int = 768) -> None:
        from playwright.sync_api import sync_playwright

        from tools.browser import CHROMIUM_ARGS

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        self.page = self.browser.new_page(viewport={"width": width, "height": height})
        self.page.set_default_timeout(COMMAND_TIMEOUT_S * 1000)
        self.version = f"Chromium {self.browser.version}"

    def goto(self, url: str) -> None:
        self.page.goto(url, timeout=LOAD_TIMEOUT_S * 1000)

    def reload(self) -> None:
        self.page.reload(timeout=LOAD_TIMEOUT_S * 1000)

    def call(self, function: str, *args: Any) -> Any:
        return self.page.evaluate(f"(args) => ({function})(...args)", list(args))

    def click(self, selector: str) -> None:
        self.page.locator(selector).first.click()

    def select(self, selector: str, value: str) -> None:
        self.page.locator(selector).first.select_option(value)

    def fill(self, selector: str, text: str) -> None:
        self.page.locator(selector).first.fill(text)

    def set_viewport(self, width: int, height: int) -> tuple[int, int]:
        self.page.set_viewport_size({"width": width, "height": height})
        return width, height

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def quit(self) -> None:
        try:
            self.browser.close()
        finally:
            self.playwright.stop()


# --- WebKit -------------------------------------------------------------------------------------


class WebKitDriver(Driver):
    engine = "webkit"

    def __init__(self, driver_path: str, browser_path: str, width: int = 1024, height: int = 768) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb, display = start_xvfb()
        try:
            options = Options()
            options.binary_location = browser_path
            options.add_argument("--automation")
            service = Service(executable_path=driver_path, env={**os.environ, "DISPLAY": display},
                              log_output=subprocess.DEVNULL)
            self.browser = webdriver.WebKitGTK(options=options, service=service)
        except BaseException:
            stop_process(self.xvfb)
            raise
        self.browser.set_page_load_timeout(LOAD_TIMEOUT_S)
        self.browser.set_script_timeout(COMMAND_TIMEOUT_S)
        self.version = f"WebKitGTK {self.browser.capabilities.get('browserVersion', '?')}"
        self.set_viewport(width, height)

    def goto(self, url: str) -> None:
        self.browser.get(url)

    def reload(self) -> None:
        self.browser.refresh()

    def call(self, function: str, *args: Any) -> Any:
        # The driver wraps this body in a function of its own: no eval in the page.
        return self.browser.execute_script(f"return ({function}).apply(null, arguments);", *args)

    def _element(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.browser.find_element(By.CSS_SELECTOR, selector)

    def click(self, selector: str) -> None:
        from selenium.common.exceptions import ElementClickInterceptedException

        # WebKitWebDriver refuses a click while another element (a panel still fading in) covers the
        # target's centre; a finger would wait for it too.  Retry for a bounded while.
        deadline = time.monotonic() + 5
        while True:
            try:
                self._element(selector).click()
                return
            except ElementClickInterceptedException as error:
                # A bar kept at the screen's edge (position: sticky) can cover a target the driver scrolled
                # to that edge: bring it to the middle, as a person would scroll.
                self.call("(s) => document.querySelector(s)?.scrollIntoView({block: 'center'})", selector)
                if time.monotonic() > deadline:
                    covering = self.call(
                        "(s) => { const b = document.querySelector(s)?.getBoundingClientRect(); if (!b) return null;"
                        " const e = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);"
                        " return [[b.left, b.top, b.width, b.height, innerWidth, innerHeight],"
                        " e ? e.outerHTML.slice(0, 300) : null]; }", selector)
                    raise AssertionError(f"webkit: {selector} stayed covered for 5 s: {covering}") from error
                time.sleep(0.1)

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.support.select import Select

        Select(self._element(selector)).select_by_value(value)

    def fill(self, selector: str, text: str) -> None:
        element = self._element(selector)
        element.clear()
        element.send_keys(text)

    def set_viewport(self, width: int, height: int) -> tuple[int, int]:
        # The window size includes the shell's own chrome: size it so the page gets width × height.
        self.browser.set_window_size(width, height)
        inner = self.call("() => [window.innerWidth, window.innerHeight]")
        if inner != [width, height]:
            self.browser.set_window_size(2 * width - inner[0], 2 * height - inner[1])
            inner = self.call("() => [window.innerWidth, window.innerHeight]")
        return int(inner[0]), int(inner[1])

    def screenshot(self, path: Path) -> None:
        self.browser.save_screenshot(str(path))

    def quit(self) -> None:
        try:
            self.browser.quit()
        finally:
            stop_process(self.xvfb)


class EngineMissing(RuntimeError):
    """The engine, its driver or its driver library is not installed; the message says what to install."""


def launch(engine: str) -> Driver:
    """Start ``engine`` ("firefox", "webkit" or "chromium") with a 1024×768 page."""
    import shutil

    from tools.browser import NO_CHROMIUM, NO_FIREFOX, NO_WEBKIT, ROOT, find_chromium, find_firefox, find_webkit

    if engine == "firefox":
        firefox = find_firefox()
        if firefox is None or not (ROOT / "node_modules" / "puppeteer-core").is_dir() or not shutil.which("node"):
            raise EngineMissing(NO_FIREFOX)
        return FirefoxDriver(firefox)
    if engine == "webkit":
        webkit = find_webkit()
        try:
            import selenium  # noqa: F401
        except ImportError:
            webkit = None
        if webkit is None:
            raise EngineMissing(NO_WEBKIT)
        return WebKitDriver(*webkit)
    chromium = find_chromium()
    if chromium is None:
        raise EngineMissing(NO_CHROMIUM)
    return ChromiumDriver(chromium)


# --- the site the engines load --------------------------------------------------------------------
# ``serve.py`` in a thread, stoppable mid-test, that records the page's console errors in any engine.
# WebKitWebDriver has no way to read the console (no BiDi, no log endpoint), so the server adds one
# same-origin script as the first thing in each ``index.html``'s ``<head>``; it runs before the
# page's own scripts and keeps every ``console.error``, uncaught error and unhandled rejection in
# ``window.__zeroConsoleErrors``, and times start-up for bench/engines.py (``window.__zeroTimes``:
# ready, and PyScript's progress events).  Each server listens on a new port: a new origin, so a
# test that starts one gets empty storage, no service worker and a cold HTTP cache in the same browser.

RECORDER_PATH = "/__engine-tests__/console.js"
RECORDER = b"""(() => {
  const errors = (window.__zeroConsoleErrors = []);
  const original = console.error;
  console.error = function (...args) {
    errors.push(args.map(String).join(" "));
    return original.apply(this, args);
  };
  addEventListener("error", (e) => {
    errors.push(e.message ? `uncaught: ${e.message}` : `failed to load: ${e.target?.src || e.target?.href}`);
  }, true);
  addEventListener("unhandledrejection", (e) => errors.push(`unhandled rejection: ${e.reason}`));
  const times = (window.__zeroTimes = {});
  // What the first paint showed: when, whether Python was still starting, and the first screen's buttons then.
  try {
    new PerformanceObserver((list, observer) => {
      const paint = list.getEntries().find((e) => e.name === "first-contentful-paint");
      if (!paint) return;
      observer.disconnect();
      const buttons = [...document.querySelectorAll('#first [data-action="open-game"]')];
      times.firstPaint = {
        at: paint.startTime,
        app: document.documentElement.dataset.app,
        buttons: buttons.filter((b) => b.getClientRects().length > 0 && b.getBoundingClientRect().bottom <= innerHeight)
          .map((b) => b.textContent),
      };
    }).observe({ type: "paint", buffered: true });
  } catch { /* no paint timing in this engine: times.firstPaint stays unset */ }
  addEventListener("py:progress", ({ detail }) => { times[detail] = performance.now(); });
  new MutationObserver((_, observer) => {
    if (document.documentElement?.dataset.app === "ready") {
      times.ready = performance.now();
      observer.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app"] });
})();
"""
TAG = f'<script src="{RECORDER_PATH}"></script>'.encode()


class TrackedHandler(serve.ZeroRequestHandler):
    """serve.py's handler, known to its server while its connection is open (so ``stop`` can cut it), quiet."""

    server: ThreadedServer

    def setup(self) -> None:
        super().setup()
        self.server.connections.add(self.connection)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.server.connections.discard(self.connection)

    def log_message(self, format: str, *args: object) -> None:
        pass


class ThreadedServer(serve.ZeroServer):
    """``root`` served by serve.py's server on a new port of 127.0.0.1, from a thread; ``stop`` cuts it off."""

    handler: type[TrackedHandler] = TrackedHandler

    def __init__(self, root: Path) -> None:
        super().__init__(("127.0.0.1", 0), root)
        self.RequestHandlerClass = self.handler
        self.connections: set[socket.socket] = set()
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Stop listening and cut every open (keep-alive) connection: the server is gone."""
        if not self.thread.is_alive():
            return
        self.shutdown()
        self.server_close()
        for connection in list(self.connections):
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self.thread.join(5)


class _Handler(TrackedHandler):
    """Puts the start-up recorder into index.html; holds the runtime's wasm while its site says so."""

    server: Site

    def serve(self, *, send_body: bool) -> None:
        path = self.path.split("?")[0]
        if path == RECORDER_PATH:
            self._send(RECORDER, "text/javascript; charset=utf-8", send_body)
            return
        if path.endswith("/pyodide.asm.wasm") and self.server.held is not None:
            self.server.asked.set()
            self.server.held.wait(LOAD_TIMEOUT_S)  # until the test lets the runtime come
        file, location = serve.resolve_request_path(self.root, self.path)
        if location is None and file is not None and file.name == "index.html":
            page = file.read_bytes().replace(b"<head>", b"<head>\n  " + TAG, 1)
            self._send(page, "text/html; charset=utf-8", send_body)
            return
        super().serve(send_body=send_body)

    def _send(self, body: bytes, kind: str, send_body: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if send_body:
            self.wfile.write(body)


class Site(ThreadedServer):
    """The repository served on ``http://127.0.0.1:<new port>/`` from a thread, with the start-up recorder.

    ``hold_runtime()`` keeps every request for the runtime's wasm waiting until ``release_runtime()``: the page
    as it is while Python downloads.
    """

    handler = _Handler

    def __init__(self, root: Path) -> None:
        self.held: threading.Event | None = None
        self.asked = threading.Event()
        super().__init__(root)

    def hold_runtime(self) -> None:
        self.held = threading.Event()
        self.asked = threading.Event()

    def wait_runtime_asked(self, timeout: float = LOAD_TIMEOUT_S) -> None:
        if not self.asked.wait(timeout):
            raise TimeoutError(f"the page did not ask for the runtime's wasm in {timeout:.0f} s")

    def release_runtime(self) -> None:
        if self.held is not None:
            self.held.set()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Stay quiet when a browser drops a request (it navigated away, or the test cut it)."""
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

