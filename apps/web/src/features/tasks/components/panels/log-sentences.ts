import type { Label, Member, Milestone, TaskLog } from '@teamboard/contract';
import type { TFunction } from 'i18next';
import { formatDate, formatList, formatNumber } from '@teamboard/i18n';

/** What turns the ids a log stores into the names a person reads. */
export interface LogNames {
  members: Member[];
  labels: Label[];
  milestones: Milestone[];
}

interface Phrase {
  t: TFunction;
  user: string;
}

function ids(value: string | null): number[] {
  return value === null || value === '' ? [] : value.split(',').map(Number);
}

/** Names of the ids in `after` but not in `before`, for "assigned" / "added" sentences. */
function added(before: string | null, after: string | null, nameOf: (id: number) => string): string[] {
  const old = new Set(ids(before));
  return ids(after)
    .filter((id) => !old.has(id))
    .map(nameOf);
}

function setOrCleared(p: Phrase, field: string, to: string | null, from: string | null): string {
  return to === null
    ? p.t(`logs.sentences.${field}_cleared`, { user: p.user, from })
    : p.t(`logs.sentences.${field}_set`, { user: p.user, to });
}

function date(value: string | null, language: string): string | null {
  return value === null ? null : formatDate(language, value);
}

function decimal(value: string | null, language: string): string | null {
  return value === null ? null : formatNumber(language, Number(value));
}

/**
 * One log entry as sentences in the reader's language (issue 14: no ids or raw values), e.g.
 * "Ana assigned Beto", "Ana moved the task from Doing to Done". Members changes may read as two.
 */
export function logSentences(log: TaskLog, names: LogNames, t: TFunction, language: string): string[] {
  const p: Phrase = { t, user: log.user_name };
  const { old_value: from, new_value: to } = log;
  const member = (id: number) => names.members.find((m) => m.id === id)?.name ?? t('logs.former_member');
  const label = (id: number) => names.labels.find((l) => l.id === id)?.name ?? t('logs.deleted_label');
  const milestone = (value: string | null) =>
    names.milestones.find((m) => String(m.milestone_id) === value)?.milestone_name ??
    t('logs.deleted_milestone');
  const yes = to === 'true';
  switch (log.field) {
    case 'created':
      return [t('logs.sentences.created', { user: p.user })];
    case 'moved':
      return [t('logs.sentences.moved', { user: p.user, from: from ?? '—', to })];
    case 'title':
      return [t('logs.sentences.title', { user: p.user, from, to })];
    case 'description':
      return [t('logs.sentences.description', { user: p.user })];
    case 'assigned':
    case 'labels': {
      const nameOf = log.field === 'assigned' ? member : label;
      const gained = added(from, to, nameOf);
      const lost = added(to, from, nameOf);
      return [
        ...(gained.length > 0
          ? [
              t(`logs.sentences.${log.field}_added`, {
                user: p.user,
                names: formatList(language, gained),
                count: gained.length,
              }),
            ]
          : []),
        ...(lost.length > 0
          ? [
              t(`logs.sentences.${log.field}_removed`, {
                user: p.user,
                names: formatList(language, lost),
                count: lost.length,
              }),
            ]
          : []),
      ];
    }
    case 'milestone_id':
      return [
        setOrCleared(
          p,
          'milestone',
          to === null ? null : milestone(to),
          from === null ? null : milestone(from),
        ),
      ];
    case 'deadline':
    case 'starting_date':
      return [setOrCleared(p, log.field, date(to, language), date(from, language))];
    case 'expected_hours':
      return [setOrCleared(p, log.field, decimal(to, language), decimal(from, language))];
    case 'priority':
      return [setOrCleared(p, log.field, to === null ? null : t(`boards:priority.${to}`), from)];
    case 'blocked_reason':
    case 'commit':
      return [setOrCleared(p, log.field, to, from)];
    case 'is_blocked':
      return [t(yes ? 'logs.sentences.blocked' : 'logs.sentences.unblocked', { user: p.user })];
    case 'completed':
      return [t(yes ? 'logs.sentences.completed' : 'logs.sentences.reopened', { user: p.user })];
    case 'is_archived':
      return [t(yes ? 'logs.sentences.archived' : 'logs.sentences.restored', { user: p.user })];
    default:
      return [
        t('logs.sentences.changed', {
          user: p.user,
          field: t(`logs.fields.${log.field}`, { defaultValue: log.field }),
        }),
      ];
  }
}
