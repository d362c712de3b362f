"""Talking to ``serve.py`` in tests: start it on a free port, and send requests exactly as written."""

from __future__ import annotations

import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


def raw_request(port: int, request_line: str, headers: dict[str, str] | None = None) -> Response:
    """Send one request exactly as written (no client-side normalisation) and read the reply."""
    lines = [request_line, "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    raw = b"".join(chunks)
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parsed = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        parsed[name.strip().lower()] = value.strip()
    return Response(int(status_line.split()[1]), parsed, body)


def get(port: int, target: str, headers: dict[str, str] | None = None) -> Response:
    return raw_request(port, f"GET {target} HTTP/1.1", headers)


def start_server(*args: str) -> tuple[subprocess.Popen[str], str]:
    """Start serve.py; return the process and the first line it prints (the address)."""
    process = subprocess.Popen(
        [sys.executable, str(REPO / "serve.py"), "--port", "0", "--quiet", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    first_line = process.stdout.readline()
    if not first_line:
        process.kill()
        raise RuntimeError(
            f"serve.py did not start: {process.stderr.read() if process.stderr else ''}"
        )
    return process, first_line
