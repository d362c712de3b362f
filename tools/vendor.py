"""Re-create and verify ``assets/vendor/``: pinned Pyodide, PyScript and zxing-wasm as released on npm, and
segno as released on PyPI.

The page loads everything from its own origin only, so the runtime is committed under ``assets/vendor/``,
trimmed to the files the page actually requests (recorded in Chromium; the browser tests fail on any 404, so a
missing file shows up there).  Two libraries are loaded only when a phone is paired: segno (a pure-Python QR
encoder, for the codes the page shows) and zxing-wasm's reader (ZXing-C++ in WebAssembly, for the camera where
the browser has no ``BarcodeDetector``).

    python tools/vendor.py            # npm pack both packages, rebuild the folder, and verify it
                                      # against the committed MANIFEST.sha256 (fails on a mismatch)
    python tools/vendor.py --update   # same, but (re)write MANIFEST.sha256 instead of failing
    python tools/vendor.py --check    # offline: verify the committed files against the manifest

Standard library plus the ``npm`` and ``pip`` command-line clients (``npm pack`` checks the registry's
integrity hash of each tarball; ``pip download`` the wheel's).  The manifest is ``sha256sum`` compatible:
``cd assets/vendor && sha256sum -c MANIFEST.sha256``.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR_DIR = ROOT / "assets" / "vendor"
MANIFEST_NAME = "MANIFEST.sha256"
LICENSES_DIR = Path(__file__).resolve().parent / "licenses"


@dataclass(frozen=True)
class Patch:
    """One exact change to a vendored file, with why; applied once, or the build fails (a new release moved it)."""

    file: str  # the file's path under the package's folder
    old: str
    new: str
    why: str

    def apply(self, text: str) -> str:
        if text.count(self.old) != 1:
            raise SystemExit(f"patch for {self.file} no longer applies ({self.why}): check the new release")
        return text.replace(self.old, self.new)


# Pyodide's JavaScript makes a shared WebAssembly.Memory as it loads, for a sleep it needs only if reading stdin
# gives EAGAIN (streams.ts, syncSleep).  Without cross-origin isolation, which the static hosts the site targets
# cannot turn on (GitHub Pages sends no COOP/COEP headers, and a <meta> cannot set them), Chromium reports that
# as the deprecated "SharedArrayBuffer without cross-origin isolation" on every start (Lighthouse's only
# best-practices finding).  Made at the first such sleep instead: the same behaviour, and no shared memory on a
# page that never reads stdin.
LAZY_SYNC_SLEEP = Patch(
    file="pyodide.asm.mjs",
    old="var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
        "function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}",
    new="var io;function so(t){try{return io??=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,"
        "maximum:1}).buffer),Atomics.wait(io,0,0,t),!0}catch{return!1}}",
    why="Pyodide's sync-sleep buffer made lazily: no SharedArrayBuffer deprecation at start",
)


@dataclass(frozen=True)
class Package:
    """One pinned npm package and the files the page needs from it."""

    spec: str  # what `npm pack` is given (``pypi``: what `pip download` is given)
    folder: str  # sub-folder of assets/vendor/
    files: tuple[str, ...]  # paths inside the tarball's `package/` (or the wheel), copied flat; "src:dest" keeps a path
    license_from_package: str | None  # the package's own LICENSE file, if it ships one
    license_fallback: str | None = None  # else a file from tools/licenses/ (named in `license`)
    license: str = ""
    registry: str = "npm"  # or "pypi"
    patches: tuple[Patch, ...] = ()  # exact changes made to the released files (README.md lists them)

    def targets(self) -> dict[str, str]:
        """Each file's path in the package -> its path under the package's folder."""
        return {name.partition(":")[0]: name.partition(":")[2] or Path(name).name for name in self.files}


PACKAGES: tuple[Package, ...] = (
    Package(
        spec="pyodide@314.0.7",
        folder="pyodide",
        files=(
            "pyodide.mjs",
            "pyodide.asm.mjs",
            "pyodide.asm.wasm",
            "python_stdlib.zip",
            "pyodide-lock.json",
        ),
        # The npm tarball ships no LICENSE file; its package.json says MPL-2.0.
        license_from_package=None,
        license_fallback="MPL-2.0.txt",
        license="MPL-2.0",
        patches=(LAZY_SYNC_SLEEP,),
    ),
    Package(
        spec="@pyscript/core@0.7.31",
        folder="pyscript",
        files=(
            "dist/core.js",
            "dist/core-C9KDLldu.js",
            "dist/toml-V4Savzlc.js",
            "dist/error-D2315lOB.js",
            "dist/deprecations-manager-UpAPKqCb.js",
            "dist/donkey-4Hrqd7WZ.js",
            "dist/py-editor-C4XsZtn7.js",
            "dist/py-game-DWiCrr7a.js",
            "dist/py-terminal-CwQ6kcjg.js",
        ),
        license_from_package="LICENSE",
        license="Apache-2.0",
    ),
    Package(
        spec="zxing-wasm@3.1.6",
        folder="zxing-wasm",
        files=("dist/es/share.js:share.js", "dist/es/reader/index.js:reader/index.js",
               "dist/reader/zxing_reader.wasm:reader/zxing_reader.wasm"),
        license_from_package="LICENSE",
        license="MIT",
    ),
    Package(
        spec="segno==1.6.6",
        folder="segno",
        files=("segno/__init__.py", "segno/consts.py", "segno/encoder.py", "segno/utils.py", "segno/writers.py"),
        license_from_package="segno-1.6.6.dist-info/licenses/LICENSE",
        license="BSD-3-Clause",
        registry="pypi",
    ),
)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def vendored_files(vendor_dir: Path) -> list[str]:
    """Every file under ``vendor_dir`` except the manifest, as sorted POSIX paths."""
    return sorted(
        p.relative_to(vendor_dir).as_posix()
        for p in vendor_dir.rglob("*")
        if p.is_file() and p.name != MANIFEST_NAME
    )


def read_manifest(vendor_dir: Path) -> dict[str, str]:
    """Map of relative path -> sha256 from ``MANIFEST.sha256``."""
    entries: dict[str, str] = {}
    for line in (vendor_dir / MANIFEST_NAME).read_text(encoding="utf-8").splitlines():
        if line.strip():
            digest, name = line.split(maxsplit=1)
            entries[name.lstrip("*")] = digest
    return entries


def write_manifest(vendor_dir: Path) -> None:
    lines = [f"{sha256_of(vendor_dir / name)}  {name}\n" for name in vendored_files(vendor_dir)]
    (vendor_dir / MANIFEST_NAME).write_text("".join(lines), encoding="utf-8")


def verify(vendor_dir: Path = VENDOR_DIR, manifest_dir: Path | None = None) -> list[str]:
    """Problems found comparing the files in ``vendor_dir`` with a manifest (empty: all good).

    ``manifest_dir`` defaults to ``vendor_dir``; pass another folder to check a fresh download
    against the committed manifest.
    """
    manifest_dir = manifest_dir or vendor_dir
    if not (manifest_dir / MANIFEST_NAME).is_file():
        return [f"{manifest_dir / MANIFEST_NAME} is missing"]
    expected = read_manifest(manifest_dir)
    present = set(vendored_files(vendor_dir))
    problems = [f"missing: {name}" for name in sorted(expected.keys() - present)]
    problems += [f"not in the manifest: {name}" for name in sorted(present - expected.keys())]
    for name in sorted(expected.keys() & present):
        actual = sha256_of(vendor_dir / name)
        if actual != expected[name]:
            problems.append(f"checksum mismatch: {name} (manifest {expected[name]}, file {actual})")
    return problems


def npm_pack(spec: str, dest: Path) -> Path:
    """Download ``spec`` with ``npm pack`` into ``dest`` and return the tarball's path."""
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("tools/vendor.py needs the npm command-line client (apt-get install npm)")
    result = subprocess.run(
        [npm, "pack", spec, "--silent", "--pack-destination", str(dest)],
        cwd=dest,
        check=True,
        capture_output=True,
        text=True,
    )
    name = result.stdout.strip().splitlines()[-1]
    return dest / name


def pip_download(spec: str, dest: Path) -> Path:
    """Download the wheel of ``spec`` (no dependencies) and unpack it into ``dest``; return ``dest``."""
    import zipfile

    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:", "-d",
                    str(dest), spec], check=True, capture_output=True, text=True)
    wheel = next(dest.glob("*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(dest / "package")
    return dest / "package"


def extract(tarball: Path, dest: Path) -> Path:
    with tarfile.open(tarball) as archive:
        archive.extractall(dest, filter="data")
    return dest / "package"


def copy_plain(src: Path, dest: Path) -> None:
    """Copy contents only, as a plain non-executable file (the tarballs mark the wasm +x)."""
    shutil.copyfile(src, dest)
    dest.chmod(0o644)


def build(out_dir: Path) -> None:
    """Fill ``out_dir`` with the trimmed packages and licenses, fresh from the registry."""
    with tempfile.TemporaryDirectory(prefix="zero-vendor-") as tmp:
        work = Path(tmp)
        for package in PACKAGES:
            if package.registry == "pypi":
                pkg_dir = pip_download(package.spec, work / package.folder)
            else:
                pkg_dir = extract(npm_pack(package.spec, work), work / package.folder)
            target = out_dir / package.folder
            for name, dest in package.targets().items():
                (target / dest).parent.mkdir(parents=True, exist_ok=True)
                copy_plain(pkg_dir / name, target / dest)
            for patch in package.patches:
                patched = target / patch.file
                patched.write_bytes(patch.apply(patched.read_bytes().decode("utf-8")).encode("utf-8"))
            if package.license_from_package:
                copy_plain(pkg_dir / package.license_from_package, target / "LICENSE")
            elif package.license_fallback:
                text = (LICENSES_DIR / package.license_fallback).read_text(encoding="utf-8")
                header = (
                    f"{package.spec} is distributed under the {package.license} license (per its\n"
                    "package.json; the npm package ships no LICENSE file). Full text follows.\n\n"
                )
                (target / "LICENSE").write_text(header + text, encoding="utf-8")
    lines = ["# Vendored runtime and libraries (generated by tools/vendor.py; do not edit)\n\n"]
    lines.append("| package | folder | license |\n| --- | --- | --- |\n")
    for package in PACKAGES:
        lines.append(f"| `{package.spec}` | `{package.folder}/` | {package.license} |\n")
    patches = [(package, patch) for package in PACKAGES for patch in package.patches]
    if patches:
        lines.append("\nChanged from the released files (tools/vendor.py's patches, applied exactly once):\n\n")
        lines += [f"- `{package.folder}/{patch.file}`: {patch.why}\n" for package, patch in patches]
    lines.append(
        "\nRe-create with `python tools/vendor.py`; verify with `python tools/vendor.py --check`.\n"
    )
    (out_dir / "README.md").write_text("".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="verify committed files, offline")
    mode.add_argument("--update", action="store_true", help="rebuild and rewrite the manifest")
    parser.add_argument("--dir", type=Path, default=VENDOR_DIR, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    vendor_dir: Path = args.dir

    if args.check:
        problems = verify(vendor_dir)
        for problem in problems:
            print(problem, file=sys.stderr)
        print("vendored files match the manifest" if not problems else "vendor check FAILED")
        return 1 if problems else 0

    with tempfile.TemporaryDirectory(prefix="zero-vendor-out-") as tmp:
        fresh = Path(tmp) / "vendor"
        build(fresh)
        if args.update or not (vendor_dir / MANIFEST_NAME).is_file():
            write_manifest(fresh)
        else:
            problems = verify(fresh, manifest_dir=vendor_dir)
            if problems:
                for problem in problems:
                    print(problem, file=sys.stderr)
                print(
                    "the registry's files differ from MANIFEST.sha256; nothing changed "
                    "(use --update to accept them)",
                    file=sys.stderr,
                )
                return 1
            shutil.copy2(vendor_dir / MANIFEST_NAME, fresh / MANIFEST_NAME)
        if vendor_dir.exists():
            shutil.rmtree(vendor_dir)
        shutil.copytree(fresh, vendor_dir)
    print(
        f"re-created {vendor_dir.relative_to(ROOT) if vendor_dir.is_relative_to(ROOT) else vendor_dir}"
        " from the npm registry and PyPI; checksums verified"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
