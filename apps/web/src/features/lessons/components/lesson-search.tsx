import { Loader, MultiSelect, Pagination, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import { LANGUAGES, LESSON_SEARCH_QUERY_MAX_LENGTH, normalizeTag, type Language } from '@teamboard/contract';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useLessonTags } from '../api/get-lesson-tags';
import { useSearchLessons } from '../api/search-lessons';
import type { LessonsUrlState } from '../hooks/lessons-url-state';
import { SearchResults } from './lesson-search-results';

export const SEARCH_DEBOUNCE_MS = 400;
const ANY_LANGUAGE = 'any';

interface LessonSearchProps {
  state: LessonsUrlState;
  onChange: (change: Partial<LessonsUrlState>, options?: { replace?: boolean }) => void;
  /** Where a result opens: the reader's own project, whichever project the lesson comes from. */
  lessonPath: (lessonId: number) => string;
}

/** Published lessons of every project: one search box, tag and language filters, pages of results. */
export function LessonSearch({ state, onChange, lessonPath }: LessonSearchProps) {
  const { t } = useTranslation('lessons');
  const results = useSearchLessons(state);
  const pageCount = results.data ? Math.ceil(results.data.total / results.data.page_size) : 0;

  return (
    <Stack gap="sm">
      <SearchFilters state={state} onChange={onChange} />
      {results.isPending ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : results.data && results.data.data.length > 0 ? (
        <>
          <SearchResults
            response={results.data}
            busy={results.isFetching}
            stale={results.isPlaceholderData}
            lessonPath={lessonPath}
          />
          {pageCount > 1 && (
            <Pagination
              total={pageCount}
              value={Math.min(state.page, pageCount)}
              onChange={(page) => onChange({ page })}
              size="sm"
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': t(`search.page_${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('search.page_number', { page }) })}
            />
          )}
        </>
      ) : (
        <EmptyState
          icon={<IconSearch aria-hidden size={28} />}
          title={t('search.empty')}
          description={t('search.empty_hint')}
        />
      )}
    </Stack>
  );
}

function SearchFilters({ state, onChange }: Pick<LessonSearchProps, 'state' | 'onChange'>) {
  const { t } = useTranslation('lessons');
  const [query, setQuery] = useState(state.q);
  const [tagSearch, setTagSearch] = useState('');
  const [debouncedTagSearch] = useDebouncedValue(normalizeTag(tagSearch), 250);
  const tags = useLessonTags(debouncedTagSearch);
  // Typing replaces the history entry: Back leaves the search, not each letter of it.
  const commitQuery = useDebouncedCallback(
    (q: string) => onChange({ q }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );

  // Back, Forward or a link changes the URL: the box follows it.
  useEffect(() => {
    setQuery(state.q);
  }, [state.q]);

  const tagOptions = [...new Set([...state.tags, ...(tags.data ?? [])])];
  const languageOptions = [
    { value: ANY_LANGUAGE, label: t('search.any_language') },
    ...LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) })),
  ];

  return (
    <Stack gap="xs" role="search" aria-label={t('search.label')}>
      <TextInput
        type="search"
        aria-label={t('search.query')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        maxLength={LESSON_SEARCH_QUERY_MAX_LENGTH}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          commitQuery(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitQuery.flush();
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <MultiSelect
          label={t('search.tags')}
          placeholder={state.tags.length === 0 ? t('search.any_tag') : undefined}
          data={tagOptions}
          value={state.tags}
          searchable
          clearable
          searchValue={tagSearch}
          onSearchChange={setTagSearch}
          nothingFoundMessage={t('search.no_tags')}
          onChange={(value) => onChange({ tags: value })}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('search.language')}
          data={languageOptions}
          value={state.language ?? ANY_LANGUAGE}
          allowDeselect={false}
          onChange={(value) =>
            onChange({ language: value === 'en' || value === 'es' ? (value as Language) : null })
          }
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
    </Stack>
  );
}
