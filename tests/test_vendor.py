"""The committed runtime under assets/vendor/ is exactly what the manifest says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tools import vendor


def test_vendored_files_match_the_manifest() -> None:
    problems = vendor.verify(vendor.VENDOR_DIR)
    assert not problems, (
        "assets/vendor/ differs from MANIFEST.sha256:\n  "
        + "\n  ".join(problems)
        + "\nRe-create it with: python tools/vendor.py"
    )


def test_every_vendored_package_carries_its_license() -> None:
    for package in vendor.PACKAGES:
        license_file = vendor.VENDOR_DIR / package.folder / "LICENSE"
        assert license_file.is_file(), f"{package.spec} has no LICENSE in assets/vendor/"
        assert license_file.stat().st_size > 1000


def test_no_source_maps_or_unlisted_files_are_vendored() -> None:
    names = vendor.vendored_files(vendor.VENDOR_DIR)
    assert not [name for name in names if name.endswith(".map")]
    listed = {f"{p.folder}/{dest}" for p in vendor.PACKAGES for dest in p.targets().values()}
    extras = {"README.md"} | {f"{p.folder}/LICENSE" for p in vendor.PACKAGES}
    assert set(names) == listed | extras


def test_verify_reports_a_tampered_missing_or_extra_file(tmp_path: Path) -> None:
    copy = tmp_path / "vendor"
    shutil.copytree(vendor.VENDOR_DIR, copy)
    (copy / "pyscript" / "core.js").write_text("tampered")
    (copy / "pyodide" / "pyodide-lock.json").unlink()
    (copy / "pyodide" / "extra.js").write_text("")
    problems = vendor.verify(copy)
    assert any("checksum mismatch: pyscript/core.js" in p for p in problems)
    assert "missing: pyodide/pyodide-lock.json" in problems
    assert "not in the manifest: pyodide/extra.js" in problems


def test_the_runtime_is_patched_as_tools_vendor_says_and_a_patch_that_no_longer_applies_stops_the_build() -> None:
    for package in vendor.PACKAGES:
        for patch in package.patches:
            text = (vendor.VENDOR_DIR / package.folder / patch.file).read_text(encoding="utf-8")
            assert text.count(patch.new) == 1 and patch.old not in text, f"{package.folder}/{patch.file}: {patch.why}"
    # Pyodide makes no shared memory as it loads (Chromium's SharedArrayBuffer deprecation, Lighthouse).
    runtime = (vendor.VENDOR_DIR / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert "var io=new Int32Array(new WebAssembly.Memory({shared:" not in runtime
    with pytest.raises(SystemExit, match="no longer applies"):
        vendor.LAZY_SYNC_SLEEP.apply("a release where Pyodide moved its sync sleep")
