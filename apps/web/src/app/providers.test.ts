// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY, colorSchemeManager } from './providers.tsx';

const schemeCookie = () => /(?:^|;\s*)portaal_scheme=([^;]*)/.exec(document.cookie)?.[1];

afterEach(() => {
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = 'portaal_scheme=; max-age=0; path=/';
});

describe('the colour mode manager', () => {
  it('keeps the chosen mode in storage and tells the server in a cookie', () => {
    colorSchemeManager.set('dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    expect(schemeCookie()).toBe('dark');
  });

  it('tells the server the stored mode when the app starts', () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'light');
    expect(schemeCookie()).toBeUndefined();
    expect(colorSchemeManager.get('auto')).toBe('light');
    expect(schemeCookie()).toBe('light');
  });
});
