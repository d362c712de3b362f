// Baseline for bench/startup.py: the vendored Pyodide started with loadPyodide, no PyScript, then ready.
import { loadPyodide } from "../../assets/vendor/pyodide/pyodide.mjs";

performance.mark("bare:load");
const pyodide = await loadPyodide({ indexURL: new URL("../../assets/vendor/pyodide/", import.meta.url).href });
performance.mark("bare:loaded");
pyodide.runPython("1 + 1");
document.documentElement.dataset.app = "ready";
