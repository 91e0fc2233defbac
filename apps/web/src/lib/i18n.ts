import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LOCALES, LOCALE_NAMESPACES, SUPPORTED_LANGUAGES, type Language } from '@indicata/contracts';

/** Where the chosen language is remembered. */
export const LANGUAGE_STORAGE_KEY = 'indicata.language';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** The remembered language, else English (the default): the UI does not guess from the browser. */
export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Initialises i18next synchronously with the contracts locales (no network). Placeholders use single
 * braces, `{name}`, as in contracts/messages.ts. Components call `useTranslation('<namespace>')`.
 */
export function initI18n(language: Language = storedLanguage()): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: LOCALES,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: LOCALE_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
    i18next.on('languageChanged', (lng) => {
      if (typeof document !== 'undefined') document.documentElement.lang = lng;
    });
    if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;
  }
  return i18next;
}

/**
 * The reader's language: the interface's current language (English before i18next starts). For callbacks and helpers;
 * a component reads `useReaderLocale`, so it renders again when the language changes.
 */
export function readerLocale(): Language {
  const language = i18next.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** The reader's language as a hook, so a component re-renders when it changes. */
export function useReaderLocale(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Switches the UI language and remembers it. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered, but the switch still applies to this visit.
  }
  await i18next.changeLanguage(language);
}

export { isLanguage };
