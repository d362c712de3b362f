"""``serve.py`` in a thread, stoppable mid-test, that records the page's console errors in any engine.

WebKitWebDriver has no way to read the console (no BiDi, no log endpoint), so the server adds one
same-origin script as the first thing in ``index.html``'s ``<head>``; it runs before the page's own
scripts and keeps every ``console.error``, uncaught error and unhandled rejection in
``window.__zeroConsoleErrors``.  Each server listens on a new port: a new origin, so a test that
starts one gets empty storage, no service worker and a cold HTTP cache in the same browser.
"""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import serve

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
})();
"""
TAG = f'<script src="{RECORDER_PATH}"></script>'.encode()


class _Handler(serve.ZeroRequestHandler):
    server: Site

    def setup(self) -> None:
        super().setup()
        self.server.connections.add(self.connection)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.server.connections.discard(self.connection)

    def serve(self, *, send_body: bool) -> None:
        path = self.path.split("?")[0]
        if path == RECORDER_PATH:
            self._send(RECORDER, "text/javascript; charset=utf-8", send_body)
            return
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

    def log_message(self, format: str, *args: object) -> None:
        pass


class Site(serve.ZeroServer):
    """The repository served on ``http://127.0.0.1:<new port>/`` from a thread."""

    def __init__(self, root: Path) -> None:
        super().__init__(("127.0.0.1", 0), root)
        self.RequestHandlerClass = _Handler
        self.connections: set[socket.socket] = set()
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

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
