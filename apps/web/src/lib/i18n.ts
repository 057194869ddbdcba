import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@teamboard/contract';
import { loadCatalog, NAMESPACES, type Namespace } from '@teamboard/i18n';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from './cookies';
import { getSession } from './session';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

/** The interface language remembered in the `language` cookie, else English (docs/spec.md §1). */
export function readLanguageCookie(): Language {
  const value = readCookie(LANGUAGE_COOKIE);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** i18next reads each namespace's catalog from its own chunk, when first needed. */
const catalogBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLanguage(language) || !isNamespace(namespace)) {
      callback(new Error(`no catalog ${language}/${namespace}`), false);
      return;
    }
    loadCatalog(language, namespace).then(
      (catalog) => callback(null, catalog as Record<string, unknown>),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * What the frame and the screens that need no sign-in use (the top bar, API errors, login and
 * registration); the other namespaces come with the first screen that needs them
 * (loadEveryNamespace), or at once for a signed-in reader, whose screens all do. Both languages
 * have every key; English stays the fallback all the same.
 */
const STARTUP_NAMESPACES: Namespace[] = ['common', 'errors', 'auth'];

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Resolves once the startup namespaces of the reader's language are in: render after it. */
export const i18nReady = i18next
  .use(catalogBackend)
  .use(initReactI18next)
  .init({
    lng: readLanguageCookie(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: getSession() === null ? STARTUP_NAMESPACES : NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });

/**
 * Every namespace of the current language (and those a language switch later needs). The lazy
 * screens wait for it before they render, so no component has to suspend for its namespace.
 */
export function loadEveryNamespace(): Promise<void> {
  return i18next.loadNamespaces(NAMESPACES);
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it in the cookie the server also reads. */
export async function changeLanguage(language: Language): Promise<void> {
  writeCookie(LANGUAGE_COOKIE, language);
  await i18next.changeLanguage(language);
}

export { isLanguage };
export default i18next;
