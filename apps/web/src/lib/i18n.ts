import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

/** SPEC.md §9: en and nl, fallback en, namespaces, detection order and key 'lang'. */
export const LANGUAGES = ['en', 'nl'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
export const NAMESPACES = ['default', 'usage', 'kubernetes', 'support', 'global'] as const;
export const LANGUAGE_KEY = 'lang';

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  // Regional variants (nl-BE, en-US) are cut to the base language.
  load: 'languageOnly' as const,
  nonExplicitSupportedLngs: true,
  ns: [...NAMESPACES],
  defaultNS: 'default',
  fallbackNS: 'global',
  detection: {
    order: ['localStorage', 'sessionStorage', 'navigator'],
    lookupLocalStorage: LANGUAGE_KEY,
    lookupSessionStorage: LANGUAGE_KEY,
    caches: ['localStorage'],
  },
  backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
  // Up to 5 retries, starting at 350 ms and doubling; at most 10 parallel reads.
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  interpolation: { escapeValue: false, maxReplaces: 1000 },
  returnNull: false,
};

export async function initI18n(instance: I18n = i18next): Promise<I18n> {
  await instance.use(HttpBackend).use(LanguageDetector).use(initReactI18next).init(i18nOptions);
  document.documentElement.lang = currentLanguage(instance);
  instance.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage(instance);
  });
  return instance;
}

export function currentLanguage(instance: I18n = i18next): AppLanguage {
  const language = (instance.resolvedLanguage ?? instance.language ?? 'en').slice(0, 2);
  return language === 'nl' ? 'nl' : 'en';
}
