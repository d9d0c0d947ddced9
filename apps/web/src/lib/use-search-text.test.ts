// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent, KeyboardEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchText } from './use-search-text.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;
const key = (name: string) => ({ key: name }) as KeyboardEvent<HTMLInputElement>;

/** The field with an address that applies what the hook hands it, as a page's router would. */
function field(accepts?: (text: string) => boolean) {
  const applied: string[] = [];
  const view = renderHook(
    ({ q }: { q: string }) =>
      useSearchText(
        q,
        (next) => {
          applied.push(next);
          view.rerender({ q: next });
        },
        { accepts },
      ),
    { initialProps: { q: '' } },
  );
  return { view, applied };
}

describe('useSearchText', () => {
  it('applies the trimmed text after a pause, and keeps the space being typed', () => {
    const { view, applied } = field();
    act(() => view.result.current.inputProps.onChange(typed('gouden ')));
    act(() => vi.advanceTimersByTime(300));
    expect(applied).toEqual(['gouden']);
    expect(view.result.current.text).toBe('gouden ');
    act(() => view.result.current.inputProps.onChange(typed('gouden korst')));
    act(() => vi.advanceTimersByTime(300));
    expect(applied).toEqual(['gouden', 'gouden korst']);
    expect(view.result.current.text).toBe('gouden korst');
  });

  it('applies at once on Enter, and not again after the pause', () => {
    const { view, applied } = field();
    act(() => view.result.current.inputProps.onChange(typed('10048')));
    act(() => view.result.current.inputProps.onKeyDown(key('Enter')));
    expect(applied).toEqual(['10048']);
    act(() => vi.advanceTimersByTime(1000));
    expect(applied).toEqual(['10048']);
  });

  it('leaves text it may not search in the field, unapplied', () => {
    const { view, applied } = field((text) => text.trim().length === 0 || text.trim().length >= 3);
    act(() => view.result.current.inputProps.onChange(typed('ab')));
    act(() => view.result.current.inputProps.onKeyDown(key('Enter')));
    act(() => vi.advanceTimersByTime(300));
    expect(applied).toEqual([]);
    expect(view.result.current.text).toBe('ab');
  });

  it('follows the address when it changes elsewhere (Back, a link)', () => {
    const { view } = field();
    act(() => view.result.current.inputProps.onChange(typed('nog niet')));
    view.rerender({ q: 'uit een link' });
    expect(view.result.current.text).toBe('uit een link');
  });

  it('keeps the keys typed while the address catches up with the search it applied', () => {
    const applied: string[] = [];
    // The router commits a search a moment after it was asked for: here, after the next key.
    const view = renderHook(({ q }: { q: string }) => useSearchText(q, (next) => applied.push(next)), {
      initialProps: { q: '' },
    });
    act(() => view.result.current.inputProps.onChange(typed('INV-2026-0')));
    act(() => vi.advanceTimersByTime(300));
    act(() => view.result.current.inputProps.onChange(typed('INV-2026-00')));
    view.rerender({ q: 'INV-2026-0' });
    expect(view.result.current.text).toBe('INV-2026-00');
    act(() => view.result.current.inputProps.onChange(typed('INV-2026-00061')));
    act(() => vi.advanceTimersByTime(300));
    view.rerender({ q: 'INV-2026-00061' });
    expect(applied).toEqual(['INV-2026-0', 'INV-2026-00061']);
    expect(view.result.current.text).toBe('INV-2026-00061');
  });
});
