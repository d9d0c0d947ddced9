import type {
  addressChangeRequestSchema,
  bankAccountChangeRequestSchema,
  endContractRequestSchema,
} from '@portaal/contracts';
import type { z } from 'zod';

export type Language = 'en' | 'nl';
export type AddressChange = z.output<typeof addressChangeRequestSchema>;
export type BankAccountChange = z.output<typeof bankAccountChangeRequestSchema>;
/** The end-date request with the contract it is about (from the path). */
export type EndContract = z.output<typeof endContractRequestSchema> & { contract_reference: string };

export type ChangeRequest =
  | { kind: 'address'; body: AddressChange }
  | { kind: 'bank-account'; body: BankAccountChange }
  | { kind: 'end-contract'; body: EndContract };

/** Subject and description of the administrative ticket a change request becomes. */
export interface ChangeRequestText {
  subject: string;
  description: string;
}

const addressLabels: Record<AddressChange['address_type'], Record<Language, string>> = {
  delivery: { en: 'delivery address', nl: 'afleveradres' },
  invoice: { en: 'invoice address', nl: 'factuuradres' },
  postal: { en: 'postal address', nl: 'postadres' },
  visit: { en: 'visit address', nl: 'bezoekadres' },
};

const labels = {
  en: {
    street: 'Street and house number',
    town: 'Postal code and town',
    country: 'Country',
    note: 'Note',
    iban: 'IBAN',
    bic: 'BIC',
    holder: 'Account holder',
    reason: 'Reason',
  },
  nl: {
    street: 'Straat en huisnummer',
    town: 'Postcode en plaats',
    country: 'Land',
    note: 'Opmerking',
    iban: 'IBAN',
    bic: 'BIC',
    holder: 'Rekeninghouder',
    reason: 'Reden',
  },
} as const;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** SPEC.md §9: dates as DD-MM-YYYY. */
const displayDate = (isoDate: string) => isoDate.split('-').reverse().join('-');

/** IBANs read best in groups of four. */
const groupedIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

function lines(parts: readonly (string | false | undefined)[]): string {
  return parts.filter((part): part is string => typeof part === 'string').join('\n');
}

function addressText(body: AddressChange, language: Language): ChangeRequestText {
  const label = addressLabels[body.address_type][language];
  const l = labels[language];
  const change = body.action === 'change';
  const subject =
    language === 'nl'
      ? change
        ? `Wijziging ${label}`
        : `Nieuw ${label}`
      : change
        ? `Change of ${label}`
        : `New ${label}`;
  const request =
    language === 'nl'
      ? change
        ? `Verzoek: het ${label} wijzigen in:`
        : `Verzoek: een ${label} toevoegen:`
      : change
        ? `Request: change the ${label} to:`
        : `Request: add a ${label}:`;
  return {
    subject,
    description: lines([
      request,
      '',
      `${l.street}: ${body.street} ${body.house_number}`,
      `${l.town}: ${body.postal_code} ${body.town}`,
      `${l.country}: ${body.country}`,
      body.note ? '' : false,
      body.note ? `${l.note}: ${body.note}` : false,
    ]),
  };
}

function bankAccountText(body: BankAccountChange, language: Language): ChangeRequestText {
  const l = labels[language];
  const change = body.action === 'change';
  const subject =
    language === 'nl'
      ? change
        ? 'Wijziging bankrekening'
        : 'Nieuwe bankrekening'
      : change
        ? 'Change of bank account'
        : 'New bank account';
  const request =
    language === 'nl'
      ? change
        ? 'Verzoek: de bankrekening wijzigen in:'
        : 'Verzoek: een bankrekening toevoegen:'
      : change
        ? 'Request: change the bank account to:'
        : 'Request: add a bank account:';
  return {
    subject,
    description: lines([
      request,
      '',
      `${l.iban}: ${groupedIban(body.iban)}`,
      body.bic ? `${l.bic}: ${body.bic}` : false,
      `${l.holder}: ${body.account_holder}`,
      body.note ? '' : false,
      body.note ? `${l.note}: ${body.note}` : false,
    ]),
  };
}

function endContractText(body: EndContract, language: Language): ChangeRequestText {
  const l = labels[language];
  const date = displayDate(body.end_date);
  return {
    subject:
      language === 'nl'
        ? `Beëindiging contract ${body.contract_reference}`
        : `End of contract ${body.contract_reference}`,
    description: lines([
      language === 'nl'
        ? `Verzoek: contract ${body.contract_reference} beëindigen per ${date}.`
        : `Request: end contract ${body.contract_reference} as of ${date}.`,
      body.reason ? '' : false,
      body.reason ? `${l.reason}: ${body.reason}` : false,
    ]),
  };
}

/**
 * SPEC.md §5: the description states whether something is changed or added. Written in the
 * caller's language, as the caller reads the ticket afterwards.
 */
export function changeRequestText(request: ChangeRequest, language: Language): ChangeRequestText {
  const text =
    request.kind === 'address'
      ? addressText(request.body, language)
      : request.kind === 'bank-account'
        ? bankAccountText(request.body, language)
        : endContractText(request.body, language);
  return { ...text, subject: capitalise(text.subject) };
}
