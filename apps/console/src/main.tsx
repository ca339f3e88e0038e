// The stylesheet, linked by the built page in <head>: the first paint needs it, not the code below.
import '@terrace/design-system/styles';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');

/** Resolves in a task of its own, once the browser has had its turn (input, paint). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The console's code is evaluated in two tasks, React's renderer first, then the console: a
// module graph is evaluated in one task, and as one graph it was the page's longest task
// (Lighthouse's Total Blocking Time). Both are preloaded with the page (vite.config.ts).
void (async () => {
  const { createRoot } = await import('./react-root');
  await nextTask();
  const { startConsole } = await import('./start-console');
  await startConsole(root, createRoot);
})();
