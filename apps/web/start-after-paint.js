// index.html's only script (vite.config.ts, startAfterFirstPaint): starts the app's entry module once
// the browser has painted the static first screen. Started at once, the entry's ~170 kB would be
// evaluated before the first frame whenever it is already there (a reload, a fast network), and the
// page would paint nothing until the app had started. The app's stylesheets and modulepreloads wait,
// inert, in index.html's <template id="app-code">: they go into the head after the first paint, all of
// it at once. The first screen needs none of them (index.html styles it), so the first paint waits for
// no request; the entry starts once the stylesheets are in, so the app never renders unstyled.
const template = document.getElementById('app-code');

/**
 * The language src/lib/i18n.ts detectLanguage() will find, by the same rules (SPEC.md §9: key 'lang'
 * in localStorage, then sessionStorage, then the browser's languages; en or nl; fallback en).
 * start-after-paint.test.ts checks the two agree.
 */
function detectedLanguage() {
  const stored = (storage) => {
    try {
      return storage().getItem('lang');
    } catch {
      return null;
    }
  };
  const candidates = [
    stored(() => localStorage),
    stored(() => sessionStorage),
    ...(navigator.languages?.length ? navigator.languages : [navigator.language]),
  ];
  for (const candidate of candidates) {
    const base = candidate?.trim().slice(0, 2).toLowerCase();
    if (base === 'en' || base === 'nl') return base;
  }
  return 'en';
}

// That language's texts are asked for now, alongside the app's code, rather than once the entry has
// run: the app's fetch of the same address (lib/i18n.ts, mode cors, same-origin credentials, as the
// preload's crossorigin="anonymous") is answered from this preload.
const language = detectedLanguage();
const texts = document.createElement('link');
texts.rel = 'preload';
texts.as = 'fetch';
texts.crossOrigin = 'anonymous';
texts.href = `/locales/${language}.json`;
document.head.append(texts);

// warm-intl.js, hashed like this script: vite.config.ts writes its built address in here.
const INTL_WORKER = '/warm-intl.js';

/**
 * ICU's data for numbers, dates, sorting and country names, loaded on another thread while the app's
 * code arrives, so the first screen that formats a number does not load it on the main thread
 * (warm-intl.js). Only a head start: a browser without workers, or one that refuses this one, loses
 * nothing.
 */
function warmIntl() {
  if (typeof Worker !== 'function') return;
  try {
    new Worker(INTL_WORKER, { name: language });
  } catch {
    // The app formats as before, paying ICU's first use itself.
  }
}

/** Settles once the stylesheet has loaded or failed (a failed one must not keep the app from starting). */
const settled = (link) =>
  new Promise((resolve) => {
    link.addEventListener('load', resolve);
    link.addEventListener('error', resolve);
  });

/**
 * Puts the nodes in the head one task each, then calls `then`. Chromium spends 4–8 ms (16–30 ms at
 * Lighthouse's 4× slowdown) starting each request, so the template's links in one task made a long task
 * after the first paint, which Lighthouse counts as blocking time; one link a task stays short. A
 * MessageChannel gives the next task at once (nested timeouts wait 4 ms from the fifth on).
 */
function appendInTurns(nodes, then) {
  const channel = typeof MessageChannel === 'function' ? new MessageChannel() : undefined;
  const next = () => {
    const node = nodes.shift();
    if (node === undefined) {
      channel?.port1.close();
      then();
    } else {
      document.head.append(node);
      if (channel) channel.port2.postMessage(null);
      else setTimeout(next, 0);
    }
  };
  if (channel) channel.port1.onmessage = next;
  next();
}

function start() {
  const code = template.content;
  const entry = code.querySelector('link[data-app-entry]').getAttribute('href');
  const stylesheets = Array.from(code.querySelectorAll('link[rel="stylesheet"]'), settled);
  warmIntl();
  const appended = new Promise((resolve) => appendInTurns(Array.from(code.children), resolve));
  Promise.all([appended, ...stylesheets]).then(() => {
    const script = document.createElement('script');
    script.type = 'module';
    // The preload's request mode, so the preloaded module is the one used.
    script.crossOrigin = '';
    script.src = entry;
    document.body.append(script);
  });
}

// A hidden page paints nothing (and runs no animation frames): it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
