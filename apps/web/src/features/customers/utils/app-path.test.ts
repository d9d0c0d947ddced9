import { describe, expect, it } from 'vitest';
import { appPathOf } from './app-path.ts';

describe('appPathOf', () => {
  it('accepts a path of this app with its query', () => {
    expect(appPathOf('/support?status=closed')).toBe('/support?status=closed');
    expect(appPathOf('/')).toBe('/');
  });

  it('refuses other origins, relative paths and overlong text', () => {
    for (const from of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'support',
      '',
      `/${'a'.repeat(2000)}`,
    ]) {
      expect(appPathOf(from)).toBeUndefined();
    }
  });
});
