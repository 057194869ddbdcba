import { useTranslation } from 'react-i18next';
import { useTodayStandups } from './get-standups';

/**
 * The sidebar's reminder: its text while the caller (an owner or member, `canSubmit`) has not
 * submitted today's stand-up (the project's today), else undefined. A failure shows no reminder.
 */
export function useStandupReminder(
  projectId: string,
  userId: number,
  canSubmit: boolean,
): string | undefined {
  const { t } = useTranslation('standups');
  const { data } = useTodayStandups(projectId, { enabled: canSubmit && userId > 0 });
  return canSubmit && data?.missing_today.includes(userId) ? t('sidebar_missing') : undefined;
}
