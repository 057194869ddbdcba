import type { Activity } from '@teamboard/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** "5 minutes ago" / "hace 5 minutos" within a week, else the date as D/M/YYYY. */
export function formatWhen(iso: string, language: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  const elapsed = now - time;
  if (Number.isNaN(time) || elapsed >= WEEK || elapsed < -MINUTE) return dayjs(iso).format('D/M/YYYY');
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (elapsed < MINUTE) return format.format(0, 'second');
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}

export function useActivityText() {
  const { t, i18n } = useTranslation('activity');
  const describe = useCallback((activity: Activity) => describeActivity(activity, t), [t]);
  const when = useCallback((iso: string) => formatWhen(iso, i18n.language), [i18n.language]);
  return { describe, when };
}
