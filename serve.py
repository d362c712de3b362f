"""Serve the Zero game as a static site: ``python serve.py`` then open the printed address.

Standard library only.  Options: ``--port N`` (default 8000; 0 picks a free port), ``--lan`` to
listen on all interfaces so other devices on the network can play, ``--root DIR`` to serve
another folder (default: the folder holding this file).

The handler serves plain files only: no directory listings, no dotfiles, nothing outside the
root (``..``, encoded or doubled slashes and symlinks leading out are refused with a 404 that
echoes nothing of the request), explicit ``Content-Type`` for the types the page uses, and
``Cache-Control: no-cache`` with ``ETag``/``Last-Modified`` so browsers revalidate (304).
"""

from __future__ import annotations

import argparse
import email.utils
import os
import socket
import stat
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

DEFAULT_PORT = 8000

# Set explicitly: mimetypes reads the OS registry / /etc/mime.types, which differ per platform
# (Windows has served .js as text/plain), and browsers refuse modules and wasm streaming then.
CONTENT_TYPES: dict[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "application/toml",
    ".wasm": "application/wasm",
    ".py": "text/x-python; charset=utf-8",
    ".zip": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webp": "image/webp",
    ".woff2": "font/woff2",
}
DEFAULT_CONTENT_TYPE = "application/octet-stream"

NOT_FOUND_BODY = b"404 Not Found\n"


def content_type(path: Path) -> str:
    return CONTENT_TYPES.get(path.suffix.lower(), DEFAULT_CONTENT_TYPE)


def resolve_request_path(root: Path, raw_path: str) -> tuple[Path | None, str | None]:
    """Map a request target to a file under ``root``.

    Returns ``(file, None)`` to serve ``file``, ``(None, location)`` to redirect a directory
    holding an ``index.html`` to its slash-terminated URL, or ``(None, None)`` for "not found".
    ``root`` must already be resolved (absolute, no symlinks).
    """
    path = raw_path.split("?", 1)[0].split("#", 1)[0]
    if not path.startswith("/") or "\\" in path:
        return None, None
    segments = path[1:].split("/")
    wants_directory = segments[-1] == ""
    if wants_directory:
        segments.pop()
    names: list[str] = []
    for segment in segments:
        try:
            name = unquote(segment, errors="strict")
        except UnicodeDecodeError:
            return None, None
        # Empty (doubled slash), dot segments and dotfiles, encoded separators, control chars.
        if (
            not name
            or name.startswith(".")
            or any(ch in name for ch in "/\\\0")
            or any(ord(ch) < 32 for ch in name)
        ):
            return None, None
        names.append(name)

    candidate = root.joinpath(*names)
    try:
        real = Path(os.path.realpath(candidate))
    except (OSError, ValueError):
        return None, None
    if real != root and not real.is_relative_to(root):
        return None, None  # a symlink leading out of the root
    try:
        info = real.stat()
    except (OSError, ValueError):
        return None, None

    if stat.S_ISDIR(info.st_mode):
        index = Path(os.path.realpath(real / "index.html"))
        if not index.is_relative_to(root) or not index.is_file():
            return None, None
        if not wants_directory:
            return None, path + "/"
        return index, None
    if wants_directory or not stat.S_ISREG(info.st_mode):
        return None, None
    return real, None


class ZeroRequestHandler(BaseHTTPRequestHandler):
    """GET/HEAD for the static files under ``server.root``; everything else is refused."""

    server_version = "ZeroServe/1"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    @property
    def root(self) -> Path:
        return self.server.root  # type: ignore[attr-defined,no-any-return]

    def do_GET(self) -> None:
        self.serve(send_body=True)

    def do_HEAD(self) -> None:
        self.serve(send_body=False)

    def serve(self, *, send_body: bool) -> None:
        file, location = resolve_request_path(self.root, self.path)
        if location is not None:
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", location)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if file is None:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        try:
            handle = file.open("rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        with handle:
            info = os.fstat(handle.fileno())
            etag = f'"{info.st_mtime_ns:x}-{info.st_size:x}"'
            last_modified = email.utils.formatdate(info.st_mtime, usegmt=True)
            if self.not_modified(etag, info.st_mtime):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_validators(etag, last_modified)
                self.end_headers()
                return
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", content_type(file))
            self.send_header("Content-Length", str(info.st_size))
            self.send_validators(etag, last_modified)
            self.end_headers()
            if send_body:
                try:
                    while block := handle.read(1 << 16):
                        self.wfile.write(block)
                except (BrokenPipeError, ConnectionResetError):
                    self.close_connection = True

    def send_validators(self, etag: str, last_modified: str) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", last_modified)
        self.send_header("X-Content-Type-Options", "nosniff")

    def not_modified(self, etag: str, mtime: float) -> bool:
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
            return etag in tags or "*" in tags
        if_modified_since = self.headers.get("If-Modified-Since")
        if if_modified_since:
            try:
                since = email.utils.parsedate_to_datetime(if_modified_since)
            except (TypeError, ValueError, IndexError):
                return False
            return int(mtime) <= since.timestamp()
        return False

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A fixed body per status: never echo the request (no path, no method)."""
        try:
            status = HTTPStatus(code)
        except ValueError:
            status = HTTPStatus.BAD_REQUEST
        body = (
            NOT_FOUND_BODY
            if status == HTTPStatus.NOT_FOUND
            else (f"{status.value} {status.phrase}\n".encode("ascii"))
        )
        self.send_response(status.value, status.phrase)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if status.value >= 400 and status != HTTPStatus.NOT_FOUND:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        if self.command != "HEAD" and status.value >= 200 and status.value not in (204, 304):
            self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        text = format % args
        # The request line is attacker-controlled: keep terminal control characters out.
        safe = text.encode("ascii", "backslashreplace").decode("ascii")
        safe = "".join(ch if 32 <= ord(ch) < 127 else f"\\x{ord(ch):02x}" for ch in safe)
        sys.stderr.write(f"{self.address_string()} - {safe}\n")


class ZeroServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], root: Path) -> None:
        self.root = Path(os.path.realpath(root))
        super().__init__(address, ZeroRequestHandler)


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the Zero game (a static site).")
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port to listen on (default {DEFAULT_PORT}; 0 = any free port)",
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        help="listen on all interfaces so phones and tablets on your network can play",
    )
    parser.add_argument(
        "--root",
        type=Path,
        default=Path(__file__).resolve().parent,
        help="folder to serve (default: the game's folder)",
    )
    parser.add_argument("--quiet", action="store_true", help="do not log each request")
    args = parser.parse_args(argv)

    host = "0.0.0.0" if args.lan else "127.0.0.1"
    if args.quiet:
        ZeroRequestHandler.log_message = lambda self, format, *a: None  # type: ignore[method-assign]
    try:
        server = ZeroServer((host, args.port), args.root)
    except OSError as error:
        print(
            f"Cannot listen on port {args.port}: {error.strerror}. Try --port with another number.",
            file=sys.stderr,
        )
        return 1
    port = server.server_address[1]
    print(f"Serving Zero at http://127.0.0.1:{port}/", flush=True)
    if args.lan:
        address = lan_address()
        if address:
            print(f"On your network: http://{address}:{port}/", flush=True)
        print(
            "Warning: over the LAN the page is plain HTTP, so offline mode (the service "
            "worker) only works on localhost or over HTTPS.",
            flush=True,
        )
    print("Press Ctrl+C to stop.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
