import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { displayLocales } from '@portaal/contracts/display-rules';
import { describe, expect, it } from 'vitest';

/*
 * warm-intl.js runs in a worker named after the page's language and makes the Intl objects the
 * screens make, so ICU's data is loaded off the main thread. These cases hold its locales to
 * display-rules.ts's and check that it closes itself.
 */

const source = readFileSync(path.resolve(import.meta.dirname, '../warm-intl.js'), 'utf8');

/** Runs the worker's script with an Intl that records the locale of every object made. */
function run(name: string) {
  const made: [string, unknown][] = [];
  const recording = (kind: string) =>
    class {
      constructor(locale: unknown) {
        made.push([kind, locale]);
      }
      format() {
        return '';
      }
      select() {
        return 'other';
      }
      compare() {
        return 0;
      }
    };
  let closed = false;
  const self = {
    name,
    close: () => {
      closed = true;
    },
  };
  runInNewContext(source, {
    self,
    Date,
    Intl: {
      NumberFormat: recording('NumberFormat'),
      DateTimeFormat: recording('DateTimeFormat'),
      PluralRules: recording('PluralRules'),
      Collator: recording('Collator'),
      DisplayNames: class {
        constructor(locales: unknown) {
          made.push(['DisplayNames', locales]);
        }
        of() {
          return '';
        }
      },
    },
  });
  return { made, closed };
}

/** The locales of the formats, and those of the region names apart. */
function split(made: [string, unknown][]) {
  return {
    formats: made.filter(([kind]) => kind !== 'DisplayNames').map(([, locale]) => locale),
    regions: made.filter(([kind]) => kind === 'DisplayNames').map(([, locales]) => locales),
  };
}

describe('warm-intl.js', () => {
  it.each(Object.entries(displayLocales))(
    'warms the %s display locale, %s, and closes',
    (language, locale) => {
      const { made, closed } = run(language);
      expect(new Set(made.map(([kind]) => kind))).toEqual(
        new Set(['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator', 'DisplayNames']),
      );
      const { formats, regions } = split(made);
      expect(new Set(formats)).toEqual(new Set([locale]));
      // Region names by language, as lib/countries.ts asks for them.
      expect(regions).toEqual([[language]]);
      expect(closed).toBe(true);
    },
  );

  it('falls back to English for a name it does not know', () => {
    const { formats, regions } = split(run('').made);
    expect(new Set(formats)).toEqual(new Set([displayLocales.en]));
    expect(regions).toEqual([['en']]);
  });
});
