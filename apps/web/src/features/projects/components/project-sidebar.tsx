import { ActionIcon, Indicator, NavLink, Stack, Tooltip } from '@mantine/core';
import {
  IconChartBar,
  IconBulb,
  IconChecklist,
  IconClockQuestion,
  IconClipboardCheck,
  IconCode,
  IconFlag,
  IconLayoutKanban,
  IconMessageReport,
  IconScale,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink } from 'react-router';

interface SidebarEntry {
  key: string;
  path: string;
  Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  /** Boards are the project's index: only the exact path marks it active. */
  end?: boolean;
  /** Shown to the teaching staff and owners only (`staffEntries`). */
  staffOnly?: boolean;
}

const ENTRIES: SidebarEntry[] = [
  { key: 'boards', path: '', Icon: IconLayoutKanban, end: true },
  { key: 'milestones', path: 'milestone', Icon: IconFlag },
  { key: 'reports', path: 'report', Icon: IconChartBar },
  { key: 'lessons', path: 'lessons', Icon: IconBulb },
  { key: 'standups', path: 'standupreports', Icon: IconMessageReport },
  { key: 'evaluations', path: 'evaluations', Icon: IconClipboardCheck },
  { key: 'metrics', path: 'metrics', Icon: IconChecklist },
  { key: 'repositories', path: 'repositories', Icon: IconCode },
  { key: 'fairness', path: 'fairness', Icon: IconScale },
  { key: 'hour_signals', path: 'hour-questions', Icon: IconClockQuestion, staffOnly: true },
];

interface ProjectSidebarProps {
  projectId: string;
  /**
   * Entries with something waiting for the reader (today's stand-up not submitted yet), by key:
   * a dot on the icon, and this text as the entry's name.
   */
  reminders?: Partial<Record<string, string>>;
  /** Whether the reader may see the staff-only entries (the hour-log questions). */
  staffEntries?: boolean;
  /**
   * `rail`: the icon bar beside a desktop screen; `list`: icons with their names, for the phone's
   * drawer, where a tooltip cannot be hovered.
   */
  variant?: 'rail' | 'list';
  /** Called after an entry is chosen (the drawer closes). */
  onNavigate?: () => void;
}

/** The left icon bar of every /project/:id screen (docs/spec.md §2), or its list in the phone's drawer. */
export function ProjectSidebar({
  projectId,
  reminders = {},
  staffEntries = false,
  variant = 'rail',
  onNavigate,
}: ProjectSidebarProps) {
  const { t } = useTranslation('projects');
  const base = `/project/${encodeURIComponent(projectId)}`;
  const entries = ENTRIES.filter((entry) => staffEntries || !entry.staffOnly);
  if (variant === 'list') {
    return (
      <Stack component="nav" aria-label={t('sidebar')} gap={4}>
        {entries.map(({ key, path, Icon, end }) => (
          <RouterNavLink
            key={key}
            to={path === '' ? base : `${base}/${path}`}
            end={end}
            onClick={onNavigate}
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            {({ isActive }) => (
              <NavLink
                component="span"
                active={isActive}
                label={reminders[key] ?? t(`nav.${key}`)}
                leftSection={
                  <Indicator
                    disabled={reminders[key] === undefined}
                    color="red"
                    size={9}
                    offset={2}
                    withBorder
                  >
                    <Icon size={20} aria-hidden />
                  </Indicator>
                }
              />
            )}
          </RouterNavLink>
        ))}
      </Stack>
    );
  }
  return (
    <Stack component="nav" aria-label={t('sidebar')} gap="xs" p="xs">
      {entries.map(({ key, path, Icon, end }) => {
        const reminder = reminders[key];
        return (
          <Tooltip key={key} label={reminder ?? t(`nav.${key}`)} position="right" withArrow>
            <RouterNavLink
              to={path === '' ? base : `${base}/${path}`}
              end={end}
              aria-label={reminder ?? t(`nav.${key}`)}
            >
              {({ isActive }) => (
                <Indicator disabled={reminder === undefined} color="red" size={9} offset={4} withBorder>
                  <ActionIcon component="span" size="lg" variant={isActive ? 'filled' : 'subtle'} aria-hidden>
                    <Icon size={20} aria-hidden />
                  </ActionIcon>
                </Indicator>
              )}
            </RouterNavLink>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
