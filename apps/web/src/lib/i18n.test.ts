import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { i18nOptions, NAMESPACES } from './i18n.ts';

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

  it('is configured as SPEC.md §9 says', () => {
    expect(i18nOptions.fallbackLng).toBe('en');
    expect(i18nOptions.detection.order).toEqual(['localStorage', 'sessionStorage', 'navigator']);
    expect(i18nOptions.detection.lookupLocalStorage).toBe('lang');
    expect(i18nOptions.load).toBe('languageOnly');
    expect(i18nOptions.maxRetries).toBe(5);
    expect(i18nOptions.retryTimeout).toBe(350);
    expect(i18nOptions.maxParallelReads).toBe(10);
    expect(i18nOptions.interpolation.maxReplaces).toBe(1000);
  });
});
