import { Anchor, Group, Paper, Stack } from '@mantine/core';
import type { LessonSummary } from '@teamboard/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LessonByline, LessonCounts, LessonTags } from './lesson-facts';
import { LessonStatusBadge } from './lesson-status-badge';

interface LessonListProps {
  lessons: LessonSummary[];
  /** The list's accessible name. */
  label: string;
  /** Where a lesson's title leads; without it the title is a button that calls onOpen. */
  linkTo?: (lesson: LessonSummary) => string;
  onOpen?: (lesson: LessonSummary) => void;
  /** Controls shown under a lesson (the admins' review actions). */
  actions?: (lesson: LessonSummary) => ReactNode;
}

/** Lessons with their status, tags, votes, views, project, author and date. */
export function LessonList({ lessons, label, linkTo, onOpen, actions }: LessonListProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {lessons.map((lesson) => (
        <Paper component="li" key={lesson.lesson_id} withBorder p="sm">
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" gap="xs">
              {linkTo ? (
                <Anchor component={Link} to={linkTo(lesson)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {lesson.title}
                </Anchor>
              ) : (
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  ta="start"
                  style={{ overflowWrap: 'anywhere' }}
                  onClick={() => onOpen?.(lesson)}
                >
                  {lesson.title}
                </Anchor>
              )}
              <LessonStatusBadge lesson={lesson} />
            </Group>
            <LessonTags tags={lesson.tags} />
            <Group justify="space-between" gap="xs">
              <LessonByline lesson={lesson} />
              <LessonCounts lesson={lesson} />
            </Group>
            {actions?.(lesson)}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
