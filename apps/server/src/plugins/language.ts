import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@teamboard/contract';
import type { FastifyRequest } from 'fastify';

function asLanguage(value: string | undefined): Language | undefined {
  const primary = value?.trim().toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : undefined;
}

/** The first supported language of an Accept-Language header, by quality. */
export function languageFromAcceptHeader(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, quality: quality ? Number(quality.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const language = asLanguage(entry.tag);
    if (language) return language;
  }
  return undefined;
}

/** The `language` cookie, then Accept-Language, then the signed-in user's setting, then English. */
export function requestLanguage(request: FastifyRequest): Language {
  return (
    asLanguage(request.cookies?.[LANGUAGE_COOKIE]) ??
    languageFromAcceptHeader(request.headers['accept-language']) ??
    request.user?.language ??
    DEFAULT_LANGUAGE
  );
}
