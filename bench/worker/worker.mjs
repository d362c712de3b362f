// The worker side: a second interpreter, the bots' files written into its file system, the search benchmark.
import { loadPyodide } from '../../assets/vendor/pyodide/pyodide.mjs';

const FILES = ['__init__.py', 'actions.py', 'cards.py', 'errors.py', 'match.py', 'round.py', 'scoring.py',
  'bots/__init__.py', 'bots/base.py', 'bots/bench.py', 'bots/hard.py', 'bots/sim.py', 'bots/simple.py'];

try {
  const t0 = performance.timeOrigin;  // the worker's own clock starts at its creation
  const pyodide = await loadPyodide({indexURL: new URL('../../assets/vendor/pyodide/', import.meta.url).href});
  const loaded = performance.now();
  const heapLoaded = pyodide._module.HEAP8.byteLength;
  pyodide.FS.mkdirTree('/home/pyodide/zero_game/bots');
  await Promise.all(FILES.map(async name => {
    const response = await fetch(new URL('../../zero_game/' + name, import.meta.url));
    pyodide.FS.writeFile('/home/pyodide/zero_game/' + name, new Uint8Array(await response.arrayBuffer()));
  }));
  pyodide.runPython('import zero_game.bots');
  const ready = performance.now();
  const speed = JSON.parse(pyodide.runPython(
    'import json\nfrom zero_game.bots.bench import search_speed\njson.dumps(search_speed())'));
  postMessage({origin: t0, loaded, ready, heapLoaded, heapAfter: pyodide._module.HEAP8.byteLength, speed});
} catch (error) {
  postMessage({error: String(error && error.stack || error)});
}
