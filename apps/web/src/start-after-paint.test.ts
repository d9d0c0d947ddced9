import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detectLanguage, LOCALES_PATH } from './lib/i18n.ts';

/*
 * index.html's only script (start-after-paint.js) preloads the detected language's texts before the
 * app's code runs. It detects the language by hand (it runs before any module): these cases hold it
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

/** index.html's <template id="app-code">: the entry's and its imports' modulepreloads. */
const CODE = {
  template: 'app-code',
  querySelector: (selector: string) =>
    selector === 'link[data-app-entry]'
      ? { getAttribute: (name: string) => (name === 'href' ? '/assets/index-abc.js' : null) }
      : null,
};

/** Runs the script against a fake page; answers the preloads it added and the scripts it started. */
function runScript({ local, session, languages }: Case) {
  const appended: Record<string, unknown>[] = [];
  const element = () => ({}) as Record<string, unknown>;
  const context = {
    document: {
      visibilityState: 'hidden',
      getElementById: (id: string) => (id === 'app-code' ? { content: CODE } : null),
      createElement: element,
      head: { append: (node: Record<string, unknown>) => appended.push(node) },
      body: { append: (node: Record<string, unknown>) => appended.push(node) },
    },
    navigator: { languages, language: languages[0] ?? '' },
    requestAnimationFrame: () => 0,
    setTimeout: () => 0,
  };
  Object.defineProperty(context, 'localStorage', { get: () => storageOf(local)() });
  Object.defineProperty(context, 'sessionStorage', { get: () => storageOf(session)() });
  runInNewContext(source, context);
  return appended;
}

describe('start-after-paint.js', () => {
  it.each(cases)('preloads the texts detectLanguage() picks: %j', (testCase) => {
    const expected = detectLanguage({
      local: storageOf(testCase.local),
      session: storageOf(testCase.session),
      navigator: { languages: testCase.languages, language: testCase.languages[0] ?? '' },
    });
    const preloads = runScript(testCase).filter((node) => node.rel === 'preload');
    expect(preloads).toEqual([
      {
        rel: 'preload',
        as: 'fetch',
        crossOrigin: 'anonymous',
        href: LOCALES_PATH.replace('{{lng}}', expected),
      },
    ]);
  });

  it('starts the entry module it finds, as the preload asked for it', () => {
    const scripts = runScript(cases[0] as Case).filter((node) => node.type === 'module');
    expect(scripts).toEqual([{ type: 'module', crossOrigin: '', src: '/assets/index-abc.js' }]);
  });

  it("puts the code's modulepreloads in the head together with the entry, not before", () => {
    const appended = runScript(cases[0] as Case);
    // The texts' preload first (at once), then the template's preloads, then the entry itself.
    expect(appended.map((node) => node.rel ?? node.template ?? node.type)).toEqual([
      'preload',
      'app-code',
      'module',
    ]);
  });
});
