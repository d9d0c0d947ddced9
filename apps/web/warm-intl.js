// A worker that start-after-paint.js starts beside the app's code, named after the page's language
// (en or nl). A renderer process's first Intl.NumberFormat, DateTimeFormat, Collator or DisplayNames
// loads ICU's number, calendar, collation or region data: 13–82 ms each on the main thread, measured
// in Chromium 156 on a fresh page, inside whichever render first shows a number or sorts a list.
// ICU's data and caches belong to the process, so making the same objects here first, on another
// thread, leaves the page's own at under a millisecond (decision 0045). Nothing is sent back; a page
// whose worker never ran only pays the first use itself.

/** displayLocales of packages/contracts/src/display-rules.ts (warm-intl.test.ts holds the two equal). */
const locales = { en: 'en-GB', nl: 'nl-NL' };
const language = self.name === 'nl' ? 'nl' : 'en';
const locale = locales[language];

// The formats the screens use: quantities (display-rules.ts), amounts in euros
// (administration-rules.ts), months and times (format-month.ts, report-display.ts), sorting, country
// names.
new Intl.NumberFormat(locale, { maximumFractionDigits: 2, signDisplay: 'negative' }).format(-1234.5);
new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1234.5);
new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.now());
new Intl.PluralRules(locale).select(2);
new Intl.Collator(locale).compare('a', 'b');
// String.prototype.localeCompare without a locale: the browser's default collation.
'a'.localeCompare('b');
// Country names (lib/countries.ts) and the country-code check of the address schemas (contracts'
// common.ts, in English): once one language's region names are in, another's costs under a millisecond.
new Intl.DisplayNames([language], { type: 'region' }).of('NL');
self.close();
