// Baseline for bench/startup.py: the vendored Pyodide started with loadPyodide, no PyScript, then ready.
import { loadPyodide } from "../../assets/vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("../../assets/vendor/pyodide/", import.meta.url).href });
pyodide.runPython("1 + 1");
document.documentElement.dataset.app = "ready";
