import { Badge, Group, Text } from '@mantine/core';
import type { LessonSummary } from '@teamboard/contract';
import { IconEye, IconThumbUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/use-format';

export function LessonTags({ tags }: { tags: string[] }) {
  const { t } = useTranslation('lessons');
  if (tags.length === 0) return null;
  return (
    <Group gap={4} aria-label={t('tags')} role="list">
      {tags.map((tag) => (
        <Badge key={tag} role="listitem" size="sm" variant="outline" color="indigo" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/** "3 votes · 12 views", numbers written the reader's way. */
export function LessonCounts({ lesson }: { lesson: Pick<LessonSummary, 'votes' | 'views'> }) {
  const { t } = useTranslation('lessons');
  return (
    <Group gap="sm" wrap="nowrap">
      <Group gap={4} wrap="nowrap">
        <IconThumbUp size={14} aria-hidden />
        <Text size="xs" c="dimmed">
          {t('votes', { count: lesson.votes })}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <IconEye size={14} aria-hidden />
        <Text size="xs" c="dimmed">
          {t('views', { count: lesson.views })}
        </Text>
      </Group>
    </Group>
  );
}

/** "Capstone · Ana Pérez · Apr 3, 2026": where it comes from, who wrote it and when. */
export function LessonByline({ lesson }: { lesson: LessonSummary }) {
  const { t } = useTranslation('lessons');
  const format = useFormat();
  const date = lesson.published_at ?? lesson.updated_at;
  return (
    <Text size="xs" c="dimmed">
      {t('byline', {
        project: lesson.project_name,
        author: lesson.author?.name ?? t('unknown_author'),
        date: format.date(date),
      })}
    </Text>
  );
}
