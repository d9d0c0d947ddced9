/** A minimal dictionary until the portal shell brings i18next (issue: portal shell). */
const texts = {
  en: {
    loading: 'Signing you in…',
    failed: 'Sign-in failed. Reload the page to try again.',
    signedInAs: 'Signed in as',
    rights: 'Rights per company',
    customers: 'Your customers',
    none: 'No customers.',
    staffCheck: 'Staff call (all customers’ features)',
    allowed: 'allowed',
    refused: 'refused',
    logout: 'Sign out',
  },
  nl: {
    loading: 'Bezig met inloggen…',
    failed: 'Inloggen is mislukt. Laad de pagina opnieuw om het nog eens te proberen.',
    signedInAs: 'Ingelogd als',
    rights: 'Rechten per bedrijf',
    customers: 'Uw klanten',
    none: 'Geen klanten.',
    staffCheck: 'Medewerkersaanroep (kenmerken van alle klanten)',
    allowed: 'toegestaan',
    refused: 'geweigerd',
    logout: 'Uitloggen',
  },
} as const;

export type Texts = (typeof texts)['en'];
export const language: 'en' | 'nl' = navigator.language.toLowerCase().startsWith('nl') ? 'nl' : 'en';
export const t: Texts = texts[language];
export { texts };
