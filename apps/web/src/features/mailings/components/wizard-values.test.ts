import { describe, expect, it } from 'vitest';
import { testI18n } from '../../../test/dom.ts';
import { wizardRules } from './wizard-values.ts';

/** Each field of the content step, empty, with the rule that checks it. */
async function emptyMessages(language: 'en' | 'nl') {
  const rules = wizardRules((await testI18n(language)).t);
  return [
    rules.label(''),
    rules.sender('  '),
    rules.subject.en(''),
    rules.body.en(''),
    rules.subject.nl(''),
    rules.body.nl(''),
  ];
}

describe('the mailing content step’s rules', () => {
  it('name the field that is required, for every required field alike (en)', async () => {
    expect(await emptyMessages('en')).toEqual([
      'A label is required.',
      'A sender is required.',
      'An English subject is required.',
      'An English text is required.',
      'A Dutch subject is required.',
      'A Dutch text is required.',
    ]);
  });

  it('name the field that is required, for every required field alike (nl)', async () => {
    expect(await emptyMessages('nl')).toEqual([
      'Een label is verplicht.',
      'Een afzender is verplicht.',
      'Een Engels onderwerp is verplicht.',
      'Een Engelse tekst is verplicht.',
      'Een Nederlands onderwerp is verplicht.',
      'Een Nederlandse tekst is verplicht.',
    ]);
  });

  it('refuse control characters in every field, as the API does, with the general format message', async () => {
    const rules = wizardRules((await testI18n('en')).t);
    const body = 'A text that is long enough to send.';
    expect([
      rules.label('Walk\u0000ctrl label'),
      rules.sender('Portaal\u0007'),
      rules.subject.en('Planned\u001b[31m maintenance'),
      rules.subject.nl('Gepland\tonderhoud'),
      rules.body.en(`${body}\u0000`),
      rules.body.nl(`Een tekst\u0007 die lang genoeg is.`),
      rules.body.nl(`Een tekst\u001b[31m die lang genoeg is.`),
      rules.body.en(`${body}\u007f`),
    ]).toEqual(Array(8).fill('The entered value is not correctly formatted.'));
    const nl = wizardRules((await testI18n('nl')).t);
    expect(nl.label('Label\u0007 bel')).toBe('De ingevulde waarde is niet juist opgemaakt.');
  });

  it('take line breaks and tabs in a body, and white space around any field that is trimmed away', async () => {
    const rules = wizardRules((await testI18n('en')).t);
    expect(rules.body.en('First paragraph.\r\n\r\nSecond\tparagraph, long enough.')).toBeNull();
    expect(rules.label('\tWalk label\n')).toBeNull();
    expect(rules.subject.nl(' Gepland onderhoud\t')).toBeNull();
  });
});
