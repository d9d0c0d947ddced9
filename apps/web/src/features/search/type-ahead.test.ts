// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTypeAhead, takeTypeAhead } from './type-ahead.ts';

const press = (key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

describe('type-ahead for the Search screen', () => {
  afterEach(() => {
    takeTypeAhead();
    vi.useRealTimers();
  });

  it('keeps the characters and backspaces typed after `/`, once', () => {
    startTypeAhead();
    for (const key of ['w', 'e', 'x', 'Backspace', 'b', 'Shift']) press(key);
    expect(press('s').defaultPrevented).toBe(true);
    expect(takeTypeAhead()).toBe('webs');
    expect(takeTypeAhead()).toBe('');
    // Stopped: later keys are the page's again.
    expect(press('q').defaultPrevented).toBe(false);
  });

  it('leaves shortcuts and keys typed into a field alone', () => {
    const input = document.createElement('input');
    document.body.append(input);
    startTypeAhead();
    press('a', document.body, { ctrlKey: true });
    expect(press('b', input).defaultPrevented).toBe(false);
    press('c');
    expect(takeTypeAhead()).toBe('c');
    input.remove();
  });

  it('stops keeping keys when no Search screen takes them', () => {
    vi.useFakeTimers();
    startTypeAhead();
    press('a');
    vi.advanceTimersByTime(10_000);
    press('b');
    expect(takeTypeAhead()).toBe('');
  });
});
