import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../lib/validation';

/** Localizes the error code of one field (codes live in the errors namespace). */
export function useFieldError(errors: FieldErrors) {
  const { t } = useTranslation('errors');
  return (field: string): string | undefined => {
    const code = errors[field];
    return code === undefined ? undefined : t(code);
  };
}
