// The Python runtime as PyScript loads it (pyscript.toml's `interpreter`): the vendored Pyodide, restored
// from this device's snapshot of a started interpreter when there is a usable one (see snapshot.mjs).
//
// PyScript 0.7.31 imports the `interpreter` module and uses two of its exports: `version` (for its
// package cache's name and version checks) and `loadPyodide`, which it calls once, with {stdout, stderr,
// indexURL} (indexURL: this module's folder, so it is set again here to the runtime's own folder).
// Everything else it does with the interpreter it gets back (writing the [files], registering its
// modules, running main.py) is the same whether Python was started or restored.

import * as pyodide from "./vendor/pyodide/pyodide.mjs";
import { find } from "./snapshot.mjs";

export const version = pyodide.version;

const RUNTIME = new URL("./vendor/pyodide/", import.meta.url).href;
const root = document.documentElement;

export async function loadPyodide(options = {}) {
  const config = { ...options, indexURL: RUNTIME };
  const snapshot = await find();
  if (snapshot) {
    try {
      // A promise-like, so that Pyodide's config (kept for the session) does not hold the bytes.
      const bytes = { then: (resolve) => resolve(snapshot.take()) };
      const py = await pyodide.loadPyodide({ ...config, _loadSnapshot: bytes });
      root.dataset.snapshot = "restored";
      performance.mark("zero:snapshot-restored");
      return py;
    } catch (error) {
      // Another runtime build's, or damaged in a way the checksum cannot see: start the usual way.
      await snapshot.discard(error);
    }
  }
  return pyodide.loadPyodide(config);
}
