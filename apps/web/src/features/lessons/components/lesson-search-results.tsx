import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LessonSearchHit, LessonSearchResponse } from '@teamboard/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HighlightedText } from './highlighted-text';
import { LessonByline, LessonCounts, LessonTags } from './lesson-facts';

interface SearchResultsProps {
  response: LessonSearchResponse;
  /** A newer page or query is loading. */
  busy: boolean;
  /** The results shown are the previous query's, until the new ones arrive. */
  stale: boolean;
  lessonPath: (lessonId: number) => string;
}

/**
 * A page of results. When the search says no lesson fits, that comes first, and the weak matches
 * follow under "Closest lessons", dimmed: they are offered, not presented as answers.
 */
export function SearchResults({ response, busy, stale, lessonPath }: SearchResultsProps) {
  const { t } = useTranslation('lessons');
  const list = (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none', opacity: stale ? 0.6 : 1 }}
      aria-label={response.none_fits ? t('search.closest') : t('search.results')}
      aria-busy={busy}
    >
      {response.data.map((hit) => (
        <SearchResult
          key={hit.lesson.lesson_id}
          hit={hit}
          to={lessonPath(hit.lesson.lesson_id)}
          secondary={response.none_fits}
        />
      ))}
    </Stack>
  );
  if (!response.none_fits) {
    return (
      <>
        <Text size="sm" c="dimmed" role="status">
          {t('search.found', { count: response.total })}
        </Text>
        {list}
      </>
    );
  }
  return (
    <>
      <Alert
        role="status"
        variant="light"
        color="gray"
        icon={<IconInfoCircle aria-hidden />}
        title={t('search.none_fits')}
      >
        {t('search.none_fits_hint')}
      </Alert>
      <Title order={2} size="h5" c="dimmed" mt="xs">
        {t('search.closest')}
      </Title>
      {list}
    </>
  );
}

function SearchResult({ hit, to, secondary }: { hit: LessonSearchHit; to: string; secondary: boolean }) {
  const { t } = useTranslation('lessons');
  return (
    <Paper component="li" withBorder p="sm" bg={secondary ? 'var(--mantine-color-default-hover)' : undefined}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Anchor component={Link} to={to} fw={secondary ? 500 : 600} style={{ overflowWrap: 'anywhere' }}>
            <HighlightedText
              segments={hit.title.length > 0 ? hit.title : [{ text: hit.lesson.title, match: false }]}
            />
          </Anchor>
          <Text size="xs" c="dimmed">
            {t(`languages.${hit.lesson.language}`)}
          </Text>
        </Group>
        {hit.snippet.length > 0 && (
          <Text size="sm" c={secondary ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
            <HighlightedText segments={hit.snippet} />
          </Text>
        )}
        <LessonTags tags={hit.lesson.tags} />
        <Group justify="space-between" gap="xs">
          <LessonByline lesson={hit.lesson} />
          <LessonCounts lesson={hit.lesson} />
        </Group>
      </Stack>
    </Paper>
  );
}
