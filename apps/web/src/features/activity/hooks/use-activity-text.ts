import type { Activity } from '@teamboard/contract';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeDate } from '../../../lib/relative-date';

const KINDS_WITH_ROLE = new Set<Activity['kind']>([
  'project.joined',
  'invitation.sent',
  'member.role_changed',
]);

/** One feed entry worded in the reader's language (role names too). */
export function describeActivity(activity: Activity, t: TFunction): string {
  const params = {
    actor: activity.actor_name,
    project: activity.project_name,
    subject: activity.subject_name ?? t('activity:someone'),
    role: activity.role ? t(`invitations:roles.${activity.role}`) : '',
  };
  const withoutRole = KINDS_WITH_ROLE.has(activity.kind) && activity.role === null;
  return t(`activity:kinds.${activity.kind}${withoutRole ? '_no_role' : ''}`, params);
}

export function useActivityText() {
  const { t, i18n } = useTranslation('activity');
  const describe = useCallback((activity: Activity) => describeActivity(activity, t), [t]);
  const when = useCallback((iso: string) => relativeDate(iso, i18n.language), [i18n.language]);
  return { describe, when };
}
