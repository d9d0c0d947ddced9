import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReloadForChunkError } from './build-updates.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('chunk-load reload guard', () => {
  it('reloads at most once per path within 10 s', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    expect(mayReloadForChunkError('/support', 1_000, storage)).toBe(true);
    expect(mayReloadForChunkError('/support', 5_000, storage)).toBe(false);
    expect(mayReloadForChunkError('/company', 5_000, storage)).toBe(true);
    expect(mayReloadForChunkError('/support', 11_001, storage)).toBe(true);
  });

  it('recognises chunk-load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    // Vite's preload of a page's stylesheet, offline.
    expect(isChunkLoadError(new Error('Unable to preload CSS for http://localhost/assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });
});
