import type { TermsVersion } from '@teamboard/contract';
import { formatDate } from '@teamboard/i18n';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown';

/** A version's text in the reader's language, rendered safely (components/markdown.tsx). */
export function TermsText({ terms }: { terms: Pick<TermsVersion, 'body_en' | 'body_es'> }) {
  const { i18n } = useTranslation();
  return <Markdown text={i18n.language === 'es' ? terms.body_es : terms.body_en} />;
}

/** A date of the terms (published, saved) in the reader's language. */
export function termsDate(iso: string, language: string): string {
  return formatDate(language, iso);
}
