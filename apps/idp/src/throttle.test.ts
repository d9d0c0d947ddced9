import { describe, expect, it } from 'vitest';
import { FIRST_WAIT_MS, MAX_WAIT_MS, waitAfter } from './throttle.ts';

describe('waitAfter', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, FIRST_WAIT_MS],
    [6, 2 * FIRST_WAIT_MS],
    [7, 4 * FIRST_WAIT_MS],
    [11, MAX_WAIT_MS],
    [60, MAX_WAIT_MS],
  ])('after %i failures waits %i ms', (failures, wait) => {
    expect(waitAfter(failures)).toBe(wait);
  });
});
