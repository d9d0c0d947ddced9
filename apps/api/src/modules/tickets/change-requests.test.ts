import {
  addressChangeRequestSchema,
  bankAccountChangeRequestSchema,
  endContractRequestSchema,
} from '@portaal/contracts';
import { describe, expect, it } from 'vitest';
import { changeRequestText } from './change-requests.ts';

const address = addressChangeRequestSchema.parse({
  action: 'change',
  address_type: 'invoice',
  street: 'Keizersgracht',
  house_number: '12a',
  postal_code: '1015 CX',
  town: 'Amsterdam',
  country: 'nl',
});
const bank = bankAccountChangeRequestSchema.parse({
  action: 'add',
  iban: 'nl91 abna 0417 1643 00',
  bic: 'abnanl2a',
  account_holder: 'Bakkerij De Gouden Korst B.V.',
  note: 'Voor de incasso vanaf januari.',
});
const end = {
  ...endContractRequestSchema.parse({ end_date: '2099-03-31' }),
  contract_reference: 'CT-2024-0042',
};

describe('changeRequestText', () => {
  it('states a change of an address in Dutch and in English', () => {
    expect(changeRequestText({ kind: 'address', body: address }, 'nl')).toEqual({
      subject: 'Wijziging factuuradres',
      description:
        'Verzoek: het factuuradres wijzigen in:\n\nStraat en huisnummer: Keizersgracht 12a\nPostcode en plaats: 1015 CX Amsterdam\nLand: NL',
    });
    expect(changeRequestText({ kind: 'address', body: address }, 'en')).toEqual({
      subject: 'Change of invoice address',
      description:
        'Request: change the invoice address to:\n\nStreet and house number: Keizersgracht 12a\nPostal code and town: 1015 CX Amsterdam\nCountry: NL',
    });
  });

  it('states an added address', () => {
    const added = { ...address, action: 'add' as const, address_type: 'delivery' as const, note: 'Hal 3' };
    const nl = changeRequestText({ kind: 'address', body: added }, 'nl');
    expect(nl.subject).toBe('Nieuw afleveradres');
    expect(nl.description.startsWith('Verzoek: een afleveradres toevoegen:')).toBe(true);
    expect(nl.description.endsWith('\n\nOpmerking: Hal 3')).toBe(true);
    expect(changeRequestText({ kind: 'address', body: added }, 'en').description).toMatch(
      /^Request: add a delivery address:/,
    );
  });

  it('states an added bank account with the IBAN in groups of four', () => {
    expect(changeRequestText({ kind: 'bank-account', body: bank }, 'nl')).toEqual({
      subject: 'Nieuwe bankrekening',
      description:
        'Verzoek: een bankrekening toevoegen:\n\nIBAN: NL91 ABNA 0417 1643 00\nBIC: ABNANL2A\nRekeninghouder: Bakkerij De Gouden Korst B.V.\n\nOpmerking: Voor de incasso vanaf januari.',
    });
    const changed = changeRequestText({ kind: 'bank-account', body: { ...bank, action: 'change' } }, 'en');
    expect(changed.subject).toBe('Change of bank account');
    expect(changed.description).toMatch(
      /^Request: change the bank account to:\n\nIBAN: NL91 ABNA 0417 1643 00\n/,
    );
  });

  it('asks to end a contract on a date written DD-MM-YYYY', () => {
    expect(changeRequestText({ kind: 'end-contract', body: end }, 'nl')).toEqual({
      subject: 'Beëindiging contract CT-2024-0042',
      description: 'Verzoek: contract CT-2024-0042 beëindigen per 31-03-2099.',
    });
    expect(
      changeRequestText({ kind: 'end-contract', body: { ...end, reason: 'Moving in-house' } }, 'en'),
    ).toEqual({
      subject: 'End of contract CT-2024-0042',
      description: 'Request: end contract CT-2024-0042 as of 31-03-2099.\n\nReason: Moving in-house',
    });
  });
});
