import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

/** A new task: what follows runs after the browser had its turn (input, paint). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The site's code loads as its own module after the first paint: the HTML's prerendered frame and heading show at
 * once, and the scripts (preloaded in parallel by the HTML right after that paint) run afterwards. A page opened in
 * a background tab gets no animation frames: it starts at once.
 *
 * The code runs in three tasks instead of one: React (./framework-start), then the app shell (the route tree and src/app-start.tsx, one
 * chunk: vite.config.ts), then the start itself. Evaluating a module graph is one uninterruptible task, and the whole
 * graph at once was the longest task of every entry page (issue 30 point 6); each step here only evaluates what the
 * one before has not.
 */
const start = () =>
  import('./framework-start')
    .then(nextTask)
    .then(() => import('./app-start'))
    .then(async ({ startApp }) => {
      await nextTask();
      return startApp(container);
    });
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else void start();
