import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createLocaleBackend, detectLanguage, i18nOptions, NAMESPACES } from './i18n.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/locales');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

const load = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as unknown;

describe('translations', () => {
  it('has a file per namespace in both languages and nothing else', () => {
    for (const language of ['en', 'nl']) {
      expect(readdirSync(path.join(localesDir, language)).sort()).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
    }
  });

  it.each(NAMESPACES)('has the same keys in en and nl for %s', (namespace) => {
    expect(keys(load('nl', namespace)).sort()).toEqual(keys(load('en', namespace)).sort());
  });

  it('has no empty texts', () => {
    for (const language of ['en', 'nl']) {
      for (const namespace of NAMESPACES) {
        const flat = JSON.stringify(load(language, namespace));
        expect(flat, `${language}/${namespace}`).not.toContain('""');
      }
    }
  });

  it('calls a customer’s id "customer ID" in English, as SPEC.md does, never "customer number"', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value as object).flatMap(texts);
    const offending = NAMESPACES.flatMap((namespace) => texts(load('en', namespace))).filter((text) =>
      /customer (number|no\b)|name or number/i.test(text),
    );
    expect(offending).toEqual([]);
  });

  it('ends no sentence right after a name: a company called "… B.V." would end it with two full stops', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Object.values(value as object).flatMap(texts);
    const offending = ['en', 'nl'].flatMap((language) =>
      NAMESPACES.flatMap((namespace) => texts(load(language, namespace))).filter((text) =>
        /\{\{\s*\w*(name|company)\w*\s*\}\}\.(\s|$)/i.test(text),
      ),
    );
    expect(offending).toEqual([]);
  });

  it('is configured as SPEC.md §9 says', () => {
    expect(i18nOptions.fallbackLng).toEqual({ nl: [], default: ['en'] });
    expect(i18nOptions.detection.order).toEqual(['localStorage', 'sessionStorage', 'navigator']);
    expect(i18nOptions.detection.lookupLocalStorage).toBe('lang');
    expect(i18nOptions.load).toBe('languageOnly');
    expect(i18nOptions.maxRetries).toBe(5);
    expect(i18nOptions.retryTimeout).toBe(350);
    expect(i18nOptions.maxParallelReads).toBe(10);
    expect(i18nOptions.interpolation.maxReplaces).toBe(1000);
  });
});

class MemoryStorage {
  private items: Record<string, string>;

  constructor(items: Record<string, string> = {}) {
    this.items = items;
  }
  getItem(key: string) {
    return this.items[key] ?? null;
  }
}
const storage =
  (items: Record<string, string> = {}) =>
  () =>
    new MemoryStorage(items) as unknown as Storage;

describe('language detection (SPEC.md §9)', () => {
  const browser = (languages: string[]) => ({ languages, language: languages[0] ?? '' });

  it('takes localStorage, then sessionStorage, then the browser, key lang', () => {
    expect(
      detectLanguage({
        local: storage({ lang: 'nl' }),
        session: storage({ lang: 'en' }),
        navigator: browser(['en']),
      }),
    ).toBe('nl');
    expect(
      detectLanguage({ local: storage(), session: storage({ lang: 'nl' }), navigator: browser(['en']) }),
    ).toBe('nl');
    expect(
      detectLanguage({ local: storage(), session: storage(), navigator: browser(['de-DE', 'nl-BE']) }),
    ).toBe('nl');
  });

  it('cuts regional variants, skips languages the app lacks, and falls back to en', () => {
    expect(
      detectLanguage({ local: storage({ lang: 'nl-NL' }), session: storage(), navigator: browser([]) }),
    ).toBe('nl');
    expect(
      detectLanguage({ local: storage({ lang: 'fr' }), session: storage(), navigator: browser(['de']) }),
    ).toBe('en');
    const broken = () => {
      throw new Error('storage disabled');
    };
    expect(detectLanguage({ local: broken, session: broken, navigator: browser(['nl']) })).toBe('nl');
  });
});

describe('locale loading', () => {
  const fakeFetch = (answers: (() => Response | Promise<Response>)[]) => {
    const calls: string[] = [];
    const impl = vi.fn(async (url: RequestInfo | URL) => {
      calls.push(String(url));
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    });
    return { impl: impl as unknown as typeof fetch, calls };
  };

  it('reads /locales/{lng}.json and retries a failed read after 350 ms, doubling, through i18next', async () => {
    vi.useFakeTimers();
    try {
      const { impl, calls } = fakeFetch([
        () => new Response('', { status: 503 }),
        () => Promise.reject(new TypeError('network')),
        () => Response.json({ default: { hello: 'Hallo' } }),
      ]);
      const instance = createInstance();
      const ready = instance.use(createLocaleBackend(impl)).init({
        ...i18nOptions,
        lng: 'nl',
        fallbackLng: false,
        ns: ['default'],
        supportedLngs: ['nl'],
      });
      await vi.advanceTimersByTimeAsync(349);
      expect(calls).toEqual(['/locales/nl.json']);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(699);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      await ready;
      expect(calls).toEqual(['/locales/nl.json', '/locales/nl.json', '/locales/nl.json']);
      expect(instance.t('hello')).toBe('Hallo');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a file that is not there', async () => {
    const { impl, calls } = fakeFetch([() => new Response('', { status: 404 })]);
    const instance = createInstance();
    await instance
      .use(createLocaleBackend(impl))
      .init({ ...i18nOptions, lng: 'nl', fallbackLng: false, ns: ['default'], supportedLngs: ['nl'] });
    expect(calls).toEqual(['/locales/nl.json']);
  });

  it('reads only the reader’s language: Dutch without English, any other language with English', async () => {
    const file = (language: string) =>
      Response.json(
        Object.fromEntries(NAMESPACES.map((namespace) => [namespace, load(language, namespace)])),
      );
    const dutch = fakeFetch([() => file('nl')]);
    const nl = createInstance();
    await nl.use(createLocaleBackend(dutch.impl)).init({ ...i18nOptions, lng: 'nl' });
    expect(dutch.calls).toEqual(['/locales/nl.json']);
    expect(nl.t('search.kinds.invoices')).toBe('Facturen');
    const english = fakeFetch([() => file('en')]);
    const en = createInstance();
    await en.use(createLocaleBackend(english.impl)).init({ ...i18nOptions, lng: 'en' });
    expect(english.calls).toEqual(['/locales/en.json']);
    // A language the app lacks still falls back to English.
    expect(i18nOptions.fallbackLng.default).toEqual(['en']);
  });

  it('reads every namespace of a language from one request', async () => {
    const { impl, calls } = fakeFetch([
      () => Response.json({ default: { hello: 'Hallo' }, global: { bye: 'Doei' } }),
    ]);
    const instance = createInstance();
    await instance.use(createLocaleBackend(impl)).init({
      ...i18nOptions,
      lng: 'nl',
      fallbackLng: false,
      ns: ['default', 'global'],
      supportedLngs: ['nl'],
    });
    expect(calls).toEqual(['/locales/nl.json']);
    expect(instance.t('hello')).toBe('Hallo');
    expect(instance.t('global:bye')).toBe('Doei');
  });
});
