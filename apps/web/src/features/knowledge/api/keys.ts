/** Cache keys of this feature; all start with `knowledge`, so one change can refresh them all. */
export const knowledgeKeys = {
  all: ['knowledge'] as const,
  /** The forms for the signed-in person (My profile). */
  mine: ['knowledge', 'mine'] as const,
  /** The forms the signed-in teacher or admin manages. */
  managed: ['knowledge', 'managed'] as const,
  results: (formId: number, filter: Record<string, string | undefined>) =>
    ['knowledge', 'results', formId, filter] as const,
};
