// The worker side: a second interpreter, the bots' files written into its file system, the search benchmark.
import { loadPyodide } from '../../assets/vendor/pyodide/pyodide.mjs';

// What ``import zero_game.bots, zero_game.bots.bench`` loads: Zero's rules and bots, and the shell's modules they use.
const FILES = ['tabletop/__init__.py', 'tabletop/documents.py', 'tabletop/errors.py', 'tabletop/replay.py',
  ...['__init__.py', 'actions.py', 'cards.py', 'match.py', 'round.py', 'scoring.py', 'bots/__init__.py',
    'bots/base.py', 'bots/bench.py', 'bots/hard.py', 'bots/sim.py', 'bots/simple.py'].map(name => 'zero_game/' + name)];

try {
  const t0 = performance.timeOrigin;  // the worker's own clock starts at its creation
  const pyodide = await loadPyodide({indexURL: new URL('../../assets/vendor/pyodide/', import.meta.url).href});
  const loaded = performance.now();
  const heapLoaded = pyodide._module.HEAP8.byteLength;
  pyodide.FS.mkdirTree('/home/pyodide/zero_game/bots');
  pyodide.FS.mkdirTree('/home/pyodide/tabletop');
  await Promise.all(FILES.map(async name => {
    const response = await fetch(new URL('../../' + name, import.meta.url));
    pyodide.FS.writeFile('/home/pyodide/' + name, new Uint8Array(await response.arrayBuffer()));
  }));
  pyodide.runPython('import zero_game.bots');
  const ready = performance.now();
  const speed = JSON.parse(pyodide.runPython(
    'import json\nfrom zero_game.bots.bench import search_speed\njson.dumps(search_speed())'));
  postMessage({origin: t0, loaded, ready, heapLoaded, heapAfter: pyodide._module.HEAP8.byteLength, speed});
} catch (error) {
  postMessage({error: String(error && error.stack || error)});
}
