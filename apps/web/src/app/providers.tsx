import { localStorageColorSchemeManager, type MantineColorSchemeManager } from '@mantine/core';
import { schemeCookie } from '@portaal/contracts/first-screen';

export const COLOR_SCHEME_KEY = 'portaal-color-scheme';
const stored = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

/**
 * Mantine's colour mode in localStorage, told to the server too (a cookie), so that the next page's
 * first screen, drawn before any script, is in the same mode.
 */
export const colorSchemeManager: MantineColorSchemeManager = {
  ...stored,
  get(defaultValue) {
    const scheme = stored.get(defaultValue);
    tellServer(scheme);
    return scheme;
  },
  set(scheme) {
    stored.set(scheme);
    tellServer(scheme);
  },
};

function tellServer(scheme: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous and everywhere; the Cookie Store API is neither
  document.cookie = schemeCookie(scheme);
}
