// index.html's only script (vite.config.ts, startAfterFirstPaint): starts the app's entry module,
// which index.html preloads, once the browser has painted the static first screen. Started at once,
// the entry's ~170 kB would be evaluated before the first frame whenever it is already there (a
// reload, a fast network), and the page would paint nothing until the app had started.
const entry = document.querySelector('link[data-app-entry]');

function start() {
  const script = document.createElement('script');
  script.type = 'module';
  // The preload's request mode, so the preloaded module is the one used.
  script.crossOrigin = '';
  script.src = entry.href;
  document.body.append(script);
}

// A hidden page paints nothing (and runs no animation frames): it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
