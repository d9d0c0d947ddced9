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
});
