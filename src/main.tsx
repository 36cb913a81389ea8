import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

/**
 * The site's code loads as its own module after the first paint: the HTML's prerendered frame and heading show at
 * once, and the scripts (preloaded in parallel by the HTML right after that paint) run afterwards. A page opened in
 * a background tab gets no animation frames: it starts at once.
 */
const start = () => import('./app-start').then(({ startApp }) => startApp(container));
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else void start();
