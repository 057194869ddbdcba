import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { KnowledgeResults } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

export interface KnowledgeResultsFilter {
  section?: string;
  group?: string;
}

/** GET /api/knowledge_forms/:id/answers?section=&group= */
export async function getKnowledgeResults(
  formId: number,
  filter: KnowledgeResultsFilter,
): Promise<KnowledgeResults> {
  const search = new URLSearchParams();
  if (filter.section) search.set('section', filter.section);
  if (filter.group) search.set('group', filter.group);
  const query = search.toString();
  const body = await api.get<{ data: KnowledgeResults }>(
    `/knowledge_forms/${formId}/answers${query === '' ? '' : `?${query}`}`,
  );
  return body.data;
}

export function useKnowledgeResults(formId: number, filter: KnowledgeResultsFilter) {
  return useQuery({
    queryKey: knowledgeKeys.results(formId, { ...filter }),
    queryFn: () => getKnowledgeResults(formId, filter),
    placeholderData: keepPreviousData,
  });
}
