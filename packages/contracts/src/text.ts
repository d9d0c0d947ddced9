import { z } from 'zod';

/**
 * The one rule for text that reaches the database: no C0 control character (U+0000–U+001F) and no
 * DEL (U+007F). Text with lines (descriptions, replies, notes) may hold tab, line feed and carriage
 * return; single-line text (names, numbers, searches) none at all. PostgreSQL refuses NUL in text, so
 * without this rule a NUL is a 500; the others have no business in stored text either.
 *
 * Two places apply it: `text()` below, the builder of every string a request may carry, and the API's
 * validator, which walks every body, query and path before the route's schema and refuses any string
 * that breaks the multi-line form of the rule, so that a field declared without `text()` is covered too.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them.
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them.
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';
export const LINE_BREAKS_MESSAGE = 'must be a single line without control characters';

export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

export interface TextOptions {
  /** Tab, line feed and carriage return allowed (default: single line). */
  multiline?: boolean;
  /** Leading and trailing white space removed before the other checks (default: true). */
  trim?: boolean;
  /** Message when the value is no string (default: zod's). */
  error?: string;
}

/**
 * A string field of a request: `text().min(1, 'is required').max(64, …)`. Trimmed unless told
 * otherwise (passwords are taken as typed), and refused with a per-field 400 when it holds control
 * characters.
 */
export function text({ multiline = false, trim = true, error }: TextOptions = {}) {
  const base = error === undefined ? z.string() : z.string({ error });
  // Checked before trimming, as the API's safety net sees the value: a vertical tab at the end is
  // refused, not trimmed away.
  const checked = base.refine(
    (value) => !hasControlCharacters(value, { multiline }),
    multiline ? CONTROL_CHARACTERS_MESSAGE : LINE_BREAKS_MESSAGE,
  );
  return trim ? checked.trim() : checked;
}

/** A found control character: where (a path of keys) in a request part. */
export interface ControlCharacterIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Every string (and object key) in parsed input that breaks the multi-line rule, with its path: the
 * API's safety net under the per-field schemas. Stops after `limit` findings.
 */
export function findControlCharacters(input: unknown, limit = 20): ControlCharacterIssue[] {
  const found: ControlCharacterIssue[] = [];
  walkForControlCharacters(input, [], 0, found, limit);
  return found;
}

// Runs on every request's query, path and body: one path array, pushed and popped, copied only for a
// finding, and no closure per call.
function walkForControlCharacters(
  value: unknown,
  path: (string | number)[],
  depth: number,
  found: ControlCharacterIssue[],
  limit: number,
): void {
  if (found.length >= limit || depth > 64) return;
  if (typeof value === 'string') {
    if (hasControlCharacters(value, { multiline: true })) {
      found.push({ path: [...path], message: CONTROL_CHARACTERS_MESSAGE });
    }
  } else if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      path.push(index);
      walkForControlCharacters(value[index], path, depth + 1, found, limit);
      path.pop();
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) {
      path.push(key);
      if (hasControlCharacters(key, { multiline: true })) {
        found.push({ path: [...path], message: 'is not a known field' });
      } else {
        walkForControlCharacters((value as Record<string, unknown>)[key], path, depth + 1, found, limit);
      }
      path.pop();
    }
  }
}

/**
 * A sentence with its full stop, unless it already ends in one: a name at the end of a sentence may
 * bring its own ("… namens Bakkerij De Gouden Korst B.V." and not "… B.V..").
 */
export function endSentence(sentence: string): string {
  return /[.!?…]$/.test(sentence) ? sentence : `${sentence}.`;
}
