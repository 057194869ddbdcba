import { TERMS_TEXT_MAX_LENGTH } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { MarkdownField } from '../../../components/markdown-field';

interface TermsBodyFieldProps {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** One language of the draft: Markdown, with a preview rendered as readers will see it (safely). */
export function TermsBodyField(props: TermsBodyFieldProps) {
  const { t } = useTranslation('terms');
  const texts = {
    write: t('manage.write'),
    preview: t('manage.preview'),
    nothingToPreview: t('manage.nothing_to_preview'),
    hint: t('manage.markdown_hint'),
  };
  return <MarkdownField {...props} maxLength={TERMS_TEXT_MAX_LENGTH} texts={texts} size="tall" />;
}
