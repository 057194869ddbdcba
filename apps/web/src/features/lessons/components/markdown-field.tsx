import { useTranslation } from 'react-i18next';
import { MarkdownField as SharedMarkdownField } from '../../../components/markdown-field';

interface MarkdownFieldProps {
  label: string;
  value: string;
  maxLength: number;
  error?: string;
  onChange: (value: string) => void;
}

/** One of a lesson's Markdown texts, its preview toggle named after the field (a lesson has several). */
export function MarkdownField({ label, ...field }: MarkdownFieldProps) {
  const { t } = useTranslation('lessons');
  const texts = {
    write: t('form.write'),
    preview: t('form.preview'),
    nothingToPreview: t('form.nothing_to_preview'),
    hint: t('form.markdown_hint'),
    named: {
      write: t('form.edit_named', { field: label }),
      preview: t('form.preview_named', { field: label }),
    },
  };
  return <SharedMarkdownField label={label} {...field} texts={texts} size="short" />;
}
