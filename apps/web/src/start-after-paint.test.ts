import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detectLanguage, LOCALES_PATH } from './lib/i18n.ts';

/*
 * index.html's only script (start-after-paint.js) preloads the detected language's texts before the
 * app's code runs, and starts the app once its stylesheets are in. It detects the language by hand (it runs before any module): these cases hold it
 * to lib/i18n.ts's detectLanguage, so the preload is the file the app then reads.
 */

const source = readFileSync(path.resolve(import.meta.dirname, '../start-after-paint.js'), 'utf8');

type Items = Record<string, string>;

class FakeStorage {
  private readonly items: Items;

  constructor(items: Items) {
    this.items = items;
  }
  getItem(key: string) {
    return this.items[key] ?? null;
  }
}

interface Case {
  local?: Items | 'broken';
  session?: Items | 'broken';
  languages: string[];
}

const cases: Case[] = [
  { local: { lang: 'nl' }, session: { lang: 'en' }, languages: ['en'] },
  { local: {}, session: { lang: 'nl' }, languages: ['en'] },
  { local: {}, session: {}, languages: ['de-DE', 'nl-BE'] },
  { local: { lang: 'nl-NL' }, session: {}, languages: [] },
  { local: { lang: 'fr' }, session: {}, languages: ['de'] },
  { local: { lang: ' EN ' }, session: {}, languages: ['nl'] },
  { local: 'broken', session: 'broken', languages: ['nl'] },
  { local: {}, session: {}, languages: [] },
];

const storageOf = (items: Items | 'broken' | undefined) => () => {
  if (items === 'broken') throw new Error('storage disabled');
  return new FakeStorage(items ?? {}) as unknown as Storage;
};

/** A <link rel="stylesheet"> of the template: it loads (or fails) when the test says so. */
function fakeStylesheet() {
  const listeners: Record<string, (() => void)[]> = {};
  return {
    rel: 'stylesheet',
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = [...(listeners[type] ?? []), listener];
    },
    fire: (type: 'load' | 'error') => {
      for (const listener of listeners[type] ?? []) listener();
    },
  };
}

/** index.html's <template id="app-code">: the app's stylesheets and the entry's and its imports' modulepreloads. */
function fakeCode() {
  const stylesheets = [fakeStylesheet(), fakeStylesheet()];
  return {
    stylesheets,
    content: {
      children: [...stylesheets, { rel: 'modulepreload' }, { rel: 'modulepreload' }],
      querySelector: (selector: string) =>
        selector === 'link[data-app-entry]'
          ? { getAttribute: (name: string) => (name === 'href' ? '/assets/index-abc.js' : null) }
          : null,
      querySelectorAll: (selector: string) => (selector === 'link[rel="stylesheet"]' ? stylesheets : []),
    },
  };
}

/** Runs the script against a fake page; answers what it added to the page and the template's stylesheets. */
function runScript({ local, session, languages }: Case, { withWorker = true } = {}) {
  const appended: Record<string, unknown>[] = [];
  const workers: [string, { name: string }][] = [];
  const element = () => ({}) as Record<string, unknown>;
  const code = fakeCode();
  const context = {
    document: {
      visibilityState: 'hidden',
      getElementById: (id: string) => (id === 'app-code' ? code : null),
      createElement: element,
      head: { append: (node: Record<string, unknown>) => appended.push(node) },
      body: { append: (node: Record<string, unknown>) => appended.push(node) },
    },
    navigator: { languages, language: languages[0] ?? '' },
    requestAnimationFrame: () => 0,
    setTimeout: () => 0,
    MessageChannel,
    ...(withWorker && {
      Worker: function Worker(url: string, options: { name: string }) {
        workers.push([url, options]);
      },
    }),
  };
  Object.defineProperty(context, 'localStorage', { get: () => storageOf(local)() });
  Object.defineProperty(context, 'sessionStorage', { get: () => storageOf(session)() });
  runInNewContext(source, context);
  return { appended, stylesheets: code.stylesheets, workers };
}

/** Lets the script's promises settle. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('start-after-paint.js', () => {
  it.each(cases)('preloads the texts detectLanguage() picks: %j', (testCase) => {
    const expected = detectLanguage({
      local: storageOf(testCase.local),
      session: storageOf(testCase.session),
      navigator: { languages: testCase.languages, language: testCase.languages[0] ?? '' },
    });
    const preloads = runScript(testCase).appended.filter((node) => node.rel === 'preload');
    expect(preloads).toEqual([
      {
        rel: 'preload',
        as: 'fetch',
        crossOrigin: 'anonymous',
        href: LOCALES_PATH.replace('{{lng}}', expected),
      },
    ]);
  });

  it('starts the entry module it finds, as the preload asked for it, once the stylesheets are in', async () => {
    const { appended, stylesheets } = runScript(cases[0] as Case);
    const scripts = () => appended.filter((node) => node.type === 'module');
    await settle();
    expect(scripts()).toEqual([]);
    stylesheets[0]?.fire('load');
    await settle();
    expect(scripts()).toEqual([]);
    // A stylesheet that fails does not keep the app from starting.
    stylesheets[1]?.fire('error');
    await settle();
    expect(scripts()).toEqual([{ type: 'module', crossOrigin: '', src: '/assets/index-abc.js' }]);
  });

  it("puts the code's stylesheets and modulepreloads in the head, then the entry, not before", async () => {
    const { appended, stylesheets } = runScript(cases[0] as Case);
    for (const stylesheet of stylesheets) stylesheet.fire('load');
    await settle();
    // The texts' preload first (at once), then the template's stylesheets and preloads, then the entry itself.
    expect(appended.map((node) => node.rel ?? node.type)).toEqual([
      'preload',
      'stylesheet',
      'stylesheet',
      'modulepreload',
      'modulepreload',
      'module',
    ]);
  });

  it.each(cases)(
    "starts warm-intl.js with detectLanguage()'s language beside the app's code: %j",
    (testCase) => {
      const expected = detectLanguage({
        local: storageOf(testCase.local),
        session: storageOf(testCase.session),
        navigator: { languages: testCase.languages, language: testCase.languages[0] ?? '' },
      });
      expect(runScript(testCase).workers).toEqual([['/warm-intl.js', { name: expected }]]);
    },
  );

  it('starts the app without workers too', async () => {
    const { appended, stylesheets } = runScript(cases[0] as Case, { withWorker: false });
    for (const stylesheet of stylesheets) stylesheet.fire('load');
    await settle();
    expect(appended.filter((node) => node.type === 'module')).toHaveLength(1);
  });
});
