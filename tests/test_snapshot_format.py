"""The start-up snapshot's stored format (assets/snapshot.mjs ``encode``/``decode``), run under Node: what is
stored comes back byte for byte, and any changed or missing word is refused (so a damaged snapshot is
never restored).  The browsers run the same module: tests/e2e/test_snapshot.py."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tools.filelist import ROOT

CHECK = """
import { encode, decode } from "./assets/snapshot.mjs";
// A sparse memory like an interpreter's: zero pages, runs of data, a last block cut short.
const memory = new Uint8Array(4096 * 64 + 123);
let seed = 7;
const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
for (const [from, to] of [[0, 3], [5, 6], [20, 41], [63, 65]]) {
  for (let i = from * 4096; i < Math.min(to * 4096, memory.length); i += 1 + (next() % 97)) memory[i] = next() & 255;
}
memory[memory.length - 1] = 1;
const stored = encode(memory);
const back = decode(stored);
const words = new Uint32Array(stored).length;
// Every word of the header and the runs, and a spread of the bytes'.
const header = 4 + 2 * new Uint32Array(stored)[2];
const spread = Array.from({length: 300}, (_, k) => header + Math.floor(k * (words - header) / 300));
const tried = [...Array(header).keys(), ...spread];
const refused = [];
for (const i of tried) {
  const damaged = new Uint32Array(stored.slice(0));
  damaged[i] ^= 1 << (i % 32);
  if (decode(damaged.buffer) instanceof Error) refused.push(i);
}
const cuts = [0, 4, 12, 16, stored.byteLength - 4, stored.byteLength - 4096]
  .map((n) => decode(stored.slice(0, n)) instanceof Error);
console.log(JSON.stringify({
  same: back.length === memory.length && back.every((v, i) => v === memory[i]),
  stored: stored.byteLength, memory: memory.length, tried: tried.length, refused: refused.length, cuts,
}));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (./test.sh installs it with npm)")
def test_a_stored_snapshot_comes_back_byte_for_byte_and_any_damage_is_refused() -> None:
    done = subprocess.run(["node", "--input-type=module", "-e", CHECK], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    result = json.loads(done.stdout)
    assert result["same"] is True
    assert result["stored"] < result["memory"] / 2, "zero pages are left out"
    assert result["refused"] == result["tried"] > 300, "a changed word is refused (magic, lengths, runs, bytes)"
    assert result["cuts"] == [True] * 6
