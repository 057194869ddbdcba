import { useQuery } from '@tanstack/react-query';
import type { KnowledgeForm } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

export interface KnowledgeForms {
  data: KnowledgeForm[];
  today: string;
}

/** GET /api/knowledge_forms: a teacher's own forms, or every form for an admin. */
export function getKnowledgeForms(): Promise<KnowledgeForms> {
  return api.get<KnowledgeForms>('/knowledge_forms');
}

export function useKnowledgeForms() {
  return useQuery({ queryKey: knowledgeKeys.managed, queryFn: getKnowledgeForms });
}
