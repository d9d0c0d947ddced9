import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/locales');

/** A real locale file, so component tests show the texts users see. */
export const readLocale = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as object;

/** A media query list whose answer never changes (jsdom has no matchMedia). */
const staticMediaQuery = (query: string, matches: boolean) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

/** jsdom lacks what Mantine measures with. */
export function installDomShims(): void {
  window.matchMedia ??= (query: string) => staticMediaQuery(query, false);
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // Comboboxes scroll their highlighted option into view; jsdom has no layout to scroll.
  Element.prototype.scrollIntoView ??= () => {};
}

/** An i18next instance of a test's own, with the real locale files of these namespaces, in `language`. */
export async function testI18n(
  language: 'en' | 'nl',
  namespaces: readonly string[] = ['default', 'global'],
): Promise<i18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: [...namespaces],
    defaultNS: 'default',
    fallbackNS: 'global',
    resources: Object.fromEntries(
      (['en', 'nl'] as const).map((lng) => [
        lng,
        Object.fromEntries(namespaces.map((ns) => [ns, readLocale(lng, ns)])),
      ]),
    ),
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** Phones (false) or wide screens (true), for Mantine's useMediaQuery: wide matches every min-width query. */
export function setWide(wide: boolean): void {
  window.matchMedia = (query: string) => staticMediaQuery(query, wide && query.includes('min-width'));
}
