import i18next, { type BackendModule, type i18n as I18n, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** SPEC.md §9: en and nl, fallback en, namespaces, detection order and key 'lang'. */
export const LANGUAGES = ['en', 'nl'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
export const NAMESPACES = ['default', 'usage', 'kubernetes', 'support', 'global'] as const;
export const LANGUAGE_KEY = 'lang';
/**
 * Every namespace of a language in one file (`{ "default": {…}, "usage": {…}, … }`), made from
 * public/locales/{lng}/{ns}.json by the build (vite.config.ts): one request per language at start
 * instead of one per namespace.
 */
export const LOCALES_PATH = '/locales/{{lng}}.json';

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  /**
   * SPEC.md §9: fallback en. Dutch holds every key English has (i18n.test.ts keeps them equal), so a
   * Dutch reader never falls back and English is not read for them: one locale file less at start.
   */
  fallbackLng: { nl: [] as string[], default: ['en'] },
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
  backend: { loadPath: LOCALES_PATH },
  // Up to 5 retries, starting at 350 ms and doubling; at most 10 parallel reads (i18next's own loader
  // queue applies these to every read of the backend below).
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  interpolation: { escapeValue: false, maxReplaces: 1000 },
  returnNull: false,
};

/** 'nl-BE' → 'nl'; a language the app does not have → undefined. */
export function toAppLanguage(value: string | null | undefined): AppLanguage | undefined {
  const base = value?.trim().slice(0, 2).toLowerCase();
  return LANGUAGES.find((language) => language === base);
}

const read = (storage: () => Storage) => {
  try {
    return storage().getItem(LANGUAGE_KEY);
  } catch {
    // Storage can be switched off; detection moves on.
    return null;
  }
};

/**
 * SPEC.md §9's detection, in its order: localStorage, sessionStorage, then the browser's languages;
 * the first that the app has wins, fallback en. Synchronous, so start-up knows the language before
 * i18next has loaded anything (the IdP's login page gets it too).
 */
export function detectLanguage(
  sources: {
    local?: () => Storage;
    session?: () => Storage;
    navigator?: Pick<Navigator, 'languages' | 'language'>;
  } = {},
): AppLanguage {
  const local = sources.local ?? (() => localStorage);
  const session = sources.session ?? (() => sessionStorage);
  const browser = sources.navigator ?? (typeof navigator === 'undefined' ? undefined : navigator);
  const candidates = [
    read(local),
    read(session),
    ...(browser?.languages?.length ? browser.languages : [browser?.language]),
  ];
  for (const candidate of candidates) {
    const language = toAppLanguage(candidate);
    if (language) return language;
  }
  return 'en';
}

const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => detectLanguage(),
  cacheUserLanguage(language) {
    const chosen = toAppLanguage(language);
    if (!chosen) return;
    try {
      localStorage.setItem(LANGUAGE_KEY, chosen);
    } catch {
      // Not kept; detected again next time.
    }
  },
};

/** Statuses worth another try: the server or the network, never a 4xx (the file is not there). */
const retriable = (status: number) => status >= 500 || status === 408 || status === 429;

class LocaleReadError extends Error {
  readonly retry: boolean;

  constructor(message: string, retry: boolean) {
    super(message);
    this.retry = retry;
  }
}

/**
 * Reads a language's file once and answers each namespace from it. A failed read tells i18next
 * whether to retry (its callback's second argument), which it does up to maxRetries times with a
 * doubling wait; the failed read is forgotten, so the retry asks again.
 */
export function createLocaleBackend(fetchImpl: typeof fetch = (...args) => fetch(...args)): BackendModule {
  const files = new Map<string, Promise<Record<string, unknown>>>();
  const readFile = (language: string) => {
    let file = files.get(language);
    if (!file) {
      const url = LOCALES_PATH.replace('{{lng}}', language);
      file = fetchImpl(url).then(
        async (response) => {
          if (!response.ok)
            throw new LocaleReadError(
              `failed loading ${url}: ${response.status}`,
              retriable(response.status),
            );
          try {
            return (await response.json()) as Record<string, unknown>;
          } catch {
            throw new LocaleReadError(`failed parsing ${url}`, false);
          }
        },
        // The network failed: retry.
        () => {
          throw new LocaleReadError(`failed loading ${url}`, true);
        },
      );
      files.set(language, file);
      file.catch(() => files.delete(language));
    }
    return file;
  };
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      readFile(language).then(
        (all) => {
          const texts = all[namespace];
          if (typeof texts === 'object' && texts !== null) callback(null, texts as Record<string, unknown>);
          else callback(`no namespace ${namespace} in ${LOCALES_PATH.replace('{{lng}}', language)}`, false);
        },
        (error: unknown) =>
          error instanceof LocaleReadError
            ? callback(error.message, error.retry)
            : callback(String(error), false),
      );
    },
  };
}

/** Starts the reads of the detected language's files at once; resolves when they are in. */
export async function initI18n(instance: I18n = i18next): Promise<I18n> {
  await instance.use(createLocaleBackend()).use(detector).use(initReactI18next).init(i18nOptions);
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
