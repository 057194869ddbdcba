/** The two languages the formatters speak; any other tag reads as English, the product's default. */
export type FormatLanguage = 'en' | 'es';

/** 'es', 'es-CL' or 'es_AR' → 'es'; everything else → 'en' (i18next may hand over a regional tag). */
export function formatLanguage(language: string): FormatLanguage {
  return language.toLowerCase().startsWith('es') ? 'es' : 'en';
}
