import { useQuery } from '@tanstack/react-query';
import type { MyKnowledgeForm } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { knowledgeKeys } from './keys';

export interface MyKnowledgeForms {
  data: MyKnowledgeForm[];
  /** The server's today. */
  today: string;
}

/** GET /api/me/knowledge_forms: open, scheduled and recently closed forms, with my answers. */
export function getMyKnowledgeForms(): Promise<MyKnowledgeForms> {
  return api.get<MyKnowledgeForms>('/me/knowledge_forms');
}

export function useMyKnowledgeForms() {
  return useQuery({ queryKey: knowledgeKeys.mine, queryFn: getMyKnowledgeForms });
}
