"""serve.py over raw sockets: what a browser (or an attacker) sees on the wire."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.served import Response, get, raw_request, start_server
from tools.browser import stop_process

REPO = Path(__file__).resolve().parent.parent
SECRET = "TOP-SECRET-outside-the-root"
INDEX = "<!doctype html><title>root index</title>"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A served root holding one file per content type, dotfiles, and symlinks both ways."""
    base = tmp_path_factory.mktemp("serve")
    outside = base / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET)
    root = base / "root"
    root.mkdir()
    (root / "index.html").write_text(INDEX)
    for name in (
        "app.js",
        "mod.mjs",
        "rt.wasm",
        "lock.json",
        "pyscript.toml",
        "app.webmanifest",
        "style.css",
        "main.py",
        "blob.bin",
    ):
        (root / name).write_text(f"content of {name}")
    (root / ".env").write_text(SECRET)
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text(SECRET)
    (root / "sub").mkdir()
    (root / "sub" / "listed-file.txt").write_text("a file in a folder")
    (root / "sub" / ".hidden").write_text(SECRET)
    (root / "zero").mkdir()
    (root / "zero" / "index.html").write_text("<!doctype html><title>sub-path</title>")
    os.symlink(outside / "secret.txt", root / "escape.txt")
    os.symlink(outside, root / "escape-dir")
    os.symlink(root / "app.js", root / "inner-link.js")
    return root


@pytest.fixture(scope="module")
def port(site: Path) -> Iterator[int]:
    process, first_line = start_server("--root", str(site))
    try:
        yield int(first_line.rstrip().rstrip("/").rsplit(":", 1)[1])
    finally:
        stop_process(process)


def assert_refused(response: Response) -> None:
    assert response.status == 404
    assert SECRET not in response.text
    assert "root:" not in response.text  # nothing of /etc/passwd
    assert response.text == "404 Not Found\n"  # fixed body: echoes nothing of the request


@pytest.mark.parametrize(
    "target",
    [
        "/../../etc/passwd",
        "/../../../../../../../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/%2E%2E/",
        "/..%2f..%2fetc%2fpasswd",
        "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/sub/%2e%2e/%2e%2e/outside/secret.txt",
        "/..%5c..%5cetc%5cpasswd",
        "/%252e%252e/%252e%252e/etc/passwd",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "/sub//listed-file.txt",
        "/sub/%2flisted-file.txt",
        "/./index.html",
        "/index.html%00.js",
        "http://127.0.0.1/../../etc/passwd",
    ],
)
def test_traversal_and_odd_slashes_are_refused(port: int, target: str) -> None:
    assert_refused(get(port, target))


@pytest.mark.parametrize("target", ["/escape.txt", "/escape-dir/secret.txt", "/escape-dir/"])
def test_symlinks_leading_outside_the_root_are_refused(port: int, target: str) -> None:
    assert_refused(get(port, target))


def test_symlink_inside_the_root_is_served(port: int) -> None:
    response = get(port, "/inner-link.js")
    assert response.status == 200
    assert response.text == "content of app.js"


@pytest.mark.parametrize(
    "target", ["/.env", "/%2eenv", "/.git/config", "/.git/", "/sub/.hidden", "/sub/%2Ehidden"]
)
def test_dotfiles_are_refused(port: int, target: str) -> None:
    assert_refused(get(port, target))


@pytest.mark.parametrize("target", ["/sub/", "/sub"])
def test_directories_are_not_listed(port: int, target: str) -> None:
    response = get(port, target)
    assert_refused(response)
    assert "listed-file" not in response.text


def test_not_found_page_does_not_echo_the_path(port: int) -> None:
    response = get(port, "/%3Cscript%3Ealert(1)%3C/script%3E")
    assert_refused(response)
    assert "script" not in response.text
    assert response.headers["content-type"].startswith("text/plain")


def test_root_serves_index_html(port: int) -> None:
    response = get(port, "/")
    assert response.status == 200
    assert response.text == INDEX
    assert response.headers["content-type"] == "text/html; charset=utf-8"


def test_sub_path_with_index_redirects_to_slash_then_serves_it(port: int) -> None:
    redirect = get(port, "/zero")
    assert redirect.status == 301
    assert redirect.headers["location"] == "/zero/"
    page = get(port, "/zero/")
    assert page.status == 200
    assert "sub-path" in page.text


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("index.html", "text/html; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"),
        ("mod.mjs", "text/javascript; charset=utf-8"),
        ("rt.wasm", "application/wasm"),
        ("lock.json", "application/json"),
        ("pyscript.toml", "application/toml"),
        ("app.webmanifest", "application/manifest+json"),
        ("style.css", "text/css; charset=utf-8"),
        ("blob.bin", "application/octet-stream"),
    ],
)
def test_content_types(port: int, name: str, expected: str) -> None:
    response = get(port, f"/{name}")
    assert response.status == 200
    assert response.headers["content-type"] == expected
    assert response.headers["x-content-type-options"] == "nosniff"


def test_query_string_is_ignored_for_the_file_lookup(port: int) -> None:
    assert get(port, "/app.js?v=1").text == "content of app.js"


def test_browsers_revalidate_with_etag_and_last_modified(port: int) -> None:
    first = get(port, "/app.js")
    assert first.headers["cache-control"] == "no-cache"
    etag = first.headers["etag"]
    last_modified = first.headers["last-modified"]

    by_etag = get(port, "/app.js", {"If-None-Match": etag})
    assert by_etag.status == 304
    assert by_etag.body == b""
    assert by_etag.headers["etag"] == etag

    by_date = get(port, "/app.js", {"If-Modified-Since": last_modified})
    assert by_date.status == 304

    stale = get(port, "/app.js", {"If-None-Match": '"something-else"'})
    assert stale.status == 200
    assert stale.text == "content of app.js"


def test_head_sends_headers_only(port: int) -> None:
    response = raw_request(port, "HEAD /app.js HTTP/1.1")
    assert response.status == 200
    assert response.headers["content-length"] == str(len("content of app.js"))
    assert response.body == b""


def test_other_methods_are_refused_without_echo(port: int) -> None:
    response = raw_request(port, "POST /<b>x</b> HTTP/1.1", {"Content-Length": "0"})
    assert response.status == 501
    assert "<b>" not in response.text


def test_default_serves_the_repository_and_prints_its_address() -> None:
    process, first_line = start_server()
    try:
        assert first_line.startswith("Serving Zero at http://127.0.0.1:")
        port = int(first_line.rstrip().rstrip("/").rsplit(":", 1)[1])
        page = get(port, "/")
        assert page.status == 200
        assert 'data-app="loading"' in page.text
        assert_refused(get(port, "/.git/HEAD"))
        assert_refused(get(port, "/../../etc/passwd"))
    finally:
        stop_process(process)


def test_lan_mode_listens_everywhere_and_warns_about_offline_mode() -> None:
    process, first_line = start_server("--lan")
    try:
        assert first_line.startswith("Serving Zero at http://127.0.0.1:")
        assert process.stdout is not None
        rest = [process.stdout.readline() for _ in range(2)]
        printed = first_line + "".join(rest)
        assert "HTTPS" in printed and "localhost" in printed
    finally:
        stop_process(process)


# --- under load and bad input: bounded in count and time, stopping by themselves ----------------------------


@pytest.fixture(scope="module")
def quick(site: Path) -> Iterator[tuple[int, subprocess.Popen[str]]]:
    """A server whose connections time out after 1 s without progress (2 s for request headers)."""
    process, first_line = start_server("--root", str(site), "--timeout", "1")
    try:
        yield int(first_line.rstrip().rstrip("/").rsplit(":", 1)[1]), process
    finally:
        stop_process(process)


def test_a_burst_of_concurrent_page_loads_is_answered(quick: tuple[int, subprocess.Popen[str]]) -> None:
    port, _ = quick
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=200) as pool:
        statuses = list(pool.map(lambda _: get(port, "/").status, range(200)))
    assert statuses == [200] * 200
    assert time.monotonic() - start < 30  # with a backlog of 5, some waited for the 60 s SYN retries


def test_idle_and_slow_connections_are_dropped_and_others_still_served(
    quick: tuple[int, subprocess.Popen[str]],
) -> None:
    port, _ = quick
    idle = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(50)]
    slow = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        assert get(port, "/").status == 200  # while 50 connections sit idle
        start = time.monotonic()
        for part in (b"GET / HTTP/1.1\r\n", b"X-a: 1\r\n", b"X-b: 1\r\n", b"X-c: 1\r\n", b"X-d: 1\r\n"):
            try:
                slow.sendall(part)  # a byte of headers every 0.6 s: never idle for the 1 s timeout
            except OSError:
                break
            time.sleep(0.6)
        assert slow.recv(100) == b"" and time.monotonic() - start < 6  # closed, with no reply
        for conn in idle:
            assert conn.recv(100) == b""  # closed by the server after its timeout
    finally:
        for conn in [*idle, slow]:
            conn.close()


@pytest.mark.parametrize(
    "value",
    ["Sat, 01 Jan 99999999 00:00:00 GMT", "Sat, 01 Jan 2000 00:00:00 +99999999", "not a date", "\x01"],
)
def test_a_malformed_if_modified_since_is_a_400_without_a_traceback(site: Path, value: str) -> None:
    process, first_line = start_server("--root", str(site))
    process_quiet = "--quiet" in list(process.args)  # type: ignore[arg-type]
    try:
        port = int(first_line.rstrip().rstrip("/").rsplit(":", 1)[1])
        response = get(port, "/index.html", {"If-Modified-Since": value})
        assert response.status == 400 and response.text == "400 Bad Request\n"
        assert get(port, "/index.html").status == 200  # and the server is still up
    finally:
        stop_process(process)
    assert process.stderr is not None and process_quiet
    assert "Traceback" not in process.stderr.read()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "99999"], "the port must be from 0 to 65535, not 99999"),
        (["--port", "eighty"], "whole number"),
        (["--root", "/nonexistent/zero"], "is not a folder"),
        (["--timeout", "-1"], "timeout must be"),
    ],
)
def test_argument_errors_are_one_line(args: list[str], message: str) -> None:
    done = subprocess.run([sys.executable, str(REPO / "serve.py"), *args], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and message in done.stderr and "Traceback" not in done.stderr


def test_lan_mode_serves_only_the_pages_files() -> None:
    process, first_line = start_server("--lan")
    try:
        port = int(first_line.rstrip().rstrip("/").rsplit(":", 1)[1])
        for target in ("/", "/index.html", "/sw.js", "/pyscript.toml", "/zero_game/round.py"):
            assert get(port, target).status == 200, target
        for target in ("/tests/test_serve.py", "/tools/precache.py", "/README.md", "/pyproject.toml",
                       "/serve.py", "/bench/sheet.py", "/package.json"):
            assert_refused(get(port, target))
    finally:
        stop_process(process)


def test_lan_mode_without_a_file_list_refuses_to_start(site: Path) -> None:
    done = subprocess.run([sys.executable, str(REPO / "serve.py"), "--lan", "--root", str(site)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "sw.js" in done.stderr and done.stderr.count("\n") == 1
