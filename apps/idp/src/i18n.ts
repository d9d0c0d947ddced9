import type { Language } from './types.ts';

export const LANGUAGES: readonly Language[] = ['en', 'nl'];

const en = {
  htmlTitle: 'Sign in to {brand}',
  heading: 'Sign in to {brand}',
  username: 'Username',
  password: 'Password',
  submit: 'Sign in',
  invalidCredentials: 'Invalid username or password.',
  throttled: 'Too many failed attempts from here. Wait a little and try again.',
  languageNav: 'Language',
  languageName: 'English',
  demoTitle: 'Demo logins',
  demoHint: 'Every demo login uses the password {password}.',
  demoUsername: 'Username',
  demoRole: 'Role',
  expiredTitle: 'This sign-in page has expired',
  expiredText: 'Go back to {brand} and sign in again.',
  errorTitle: 'Something went wrong',
  errorText: 'The sign-in request could not be completed.',
  logoutTitle: 'Sign out of {brand}?',
  logoutButton: 'Sign out',
  signedOutTitle: 'You are signed out',
  signedOutText: 'You have been signed out of {brand}.',
  backTo: 'Back to {brand}',
  setPasswordTitle: 'Choose your password',
  setPasswordIntro: 'You have been invited to {brand}. Choose a password for the username {username}.',
  newPassword: 'New password',
  newPasswordHint: 'At least {min} characters.',
  confirmPassword: 'Repeat the password',
  setPasswordSubmit: 'Save password',
  passwordTooShort: 'Enter at least {min} characters.',
  passwordTooLong: 'Enter at most {max} characters.',
  passwordMismatch: 'The passwords do not match.',
  passwordSetTitle: 'Your password is saved',
  passwordSetText: 'You can now sign in to {brand} with the username {username}.',
  signInTo: 'Sign in to {brand}',
  linkExpiredTitle: 'This link no longer works',
  linkExpiredText:
    'The link has expired or has been used already. Ask the person who invited you for a new invitation.',
} as const;

export type MessageKey = keyof typeof en;
type Messages = Record<MessageKey, string>;

const nl: Messages = {
  htmlTitle: 'Inloggen bij {brand}',
  heading: 'Inloggen bij {brand}',
  username: 'Gebruikersnaam',
  password: 'Wachtwoord',
  submit: 'Inloggen',
  invalidCredentials: 'Ongeldige gebruikersnaam of wachtwoord.',
  throttled: 'Te veel mislukte pogingen vanaf hier. Wacht even en probeer het opnieuw.',
  languageNav: 'Taal',
  languageName: 'Nederlands',
  demoTitle: 'Demo-accounts',
  demoHint: 'Elk demo-account gebruikt het wachtwoord {password}.',
  demoUsername: 'Gebruikersnaam',
  demoRole: 'Rol',
  expiredTitle: 'Deze inlogpagina is verlopen',
  expiredText: 'Ga terug naar {brand} en log opnieuw in.',
  errorTitle: 'Er is iets misgegaan',
  errorText: 'Het inlogverzoek kon niet worden afgerond.',
  logoutTitle: 'Uitloggen bij {brand}?',
  logoutButton: 'Uitloggen',
  signedOutTitle: 'U bent uitgelogd',
  signedOutText: 'U bent uitgelogd bij {brand}.',
  backTo: 'Terug naar {brand}',
  setPasswordTitle: 'Kies uw wachtwoord',
  setPasswordIntro: 'U bent uitgenodigd voor {brand}. Kies een wachtwoord voor de gebruikersnaam {username}.',
  newPassword: 'Nieuw wachtwoord',
  newPasswordHint: 'Minstens {min} tekens.',
  confirmPassword: 'Herhaal het wachtwoord',
  setPasswordSubmit: 'Wachtwoord opslaan',
  passwordTooShort: 'Vul minstens {min} tekens in.',
  passwordTooLong: 'Vul hoogstens {max} tekens in.',
  passwordMismatch: 'De wachtwoorden zijn niet gelijk.',
  passwordSetTitle: 'Uw wachtwoord is opgeslagen',
  passwordSetText: 'U kunt nu inloggen bij {brand} met de gebruikersnaam {username}.',
  signInTo: 'Inloggen bij {brand}',
  linkExpiredTitle: 'Deze link werkt niet meer',
  linkExpiredText:
    'De link is verlopen of al gebruikt. Vraag degene die u uitnodigde om een nieuwe uitnodiging.',
};

const catalogue: Record<Language, Messages> = { en, nl };

/** A translated text with {name} placeholders filled in; the caller escapes it for HTML. */
export function t(language: Language, key: MessageKey, values: Record<string, string> = {}): string {
  return catalogue[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function toLanguage(tag: string | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((language) => language === base);
}

/** First supported language of a space-separated list (ui_locales) or a single tag (kc_locale). */
export function languageFromList(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  for (const tag of value.split(/\s+/)) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

/** Best supported language of an Accept-Language header, by quality. */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

/** Explicit choices first (kc_locale, ui_locales), then the browser, then English. */
export function pickLanguage(...candidates: (Language | undefined)[]): Language {
  return candidates.find((candidate) => candidate !== undefined) ?? 'en';
}
