// The page side: start the worker, watch the main thread's long tasks, put the worker's figures on <html>.
const longTasks = [];
try {
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) longTasks.push(Math.round(e.duration));
  }).observe({type: 'longtask', buffered: true});
} catch { /* no long-task API in this engine */ }

const started = performance.now();
const worker = new Worker(new URL('./worker.mjs', import.meta.url), {type: 'module'});
worker.onmessage = ({data}) => {
  if (data.error) {
    document.documentElement.dataset.error = data.error;
    return;
  }
  const result = {...data, started, longTasks};
  document.documentElement.dataset.result = JSON.stringify(result);
  document.documentElement.dataset.app = 'ready';
};
worker.onerror = e => { document.documentElement.dataset.error = String(e.message); };
