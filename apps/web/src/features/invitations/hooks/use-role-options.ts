import type { ComboboxItem } from '@mantine/core';
import { PROJECT_ROLES } from '@teamboard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** owner, member, viewer as Select options, in the reader's language. */
export function useRoleOptions(): ComboboxItem[] {
  const { t } = useTranslation('projects');
  return useMemo(() => PROJECT_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })), [t]);
}
