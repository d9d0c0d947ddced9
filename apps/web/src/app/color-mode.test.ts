import { describe, expect, it, vi } from 'vitest';
import { resolveForcedColorMode } from './color-mode.ts';

describe('forced colour mode', () => {
  it('lets a page force light or dark', () => {
    const warn = vi.fn();
    expect(resolveForcedColorMode('light', warn)).toBe('light');
    expect(resolveForcedColorMode('dark', warn)).toBe('dark');
    expect(resolveForcedColorMode(undefined, warn)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses to force system, with a console warning', () => {
    const warn = vi.fn();
    expect(resolveForcedColorMode('system', warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/cannot force the system colour mode/);
  });
});
