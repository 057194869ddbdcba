import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RosterImportInputBody, RosterPlan } from '@teamboard/contract';
import { apiRequest } from '../../../lib/api-client';
import { courseTemplateKeys } from './keys';

/** A large roster (hundreds of students) takes a few seconds to import: more than the usual 7 s margin. */
const ROSTER_TIMEOUT_MS = 60_000;

/**
 * POST /api/course_templates/:id/roster: the plan (dry run), or the import itself. A refused import
 * is an ApiError (422 ROSTER_NOT_VALID); the caller previews again to show the lines.
 */
export async function importRoster(templateId: number, body: RosterImportInputBody): Promise<RosterPlan> {
  const response = await apiRequest<{ data: RosterPlan }>(`/course_templates/${templateId}/roster`, {
    method: 'POST',
    body,
    timeoutMs: ROSTER_TIMEOUT_MS,
  });
  return response.data.data;
}

/** Silent: the dialog shows the plan and its problems itself. */
export function useImportRoster(templateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RosterImportInputBody) => importRoster(templateId, body),
    onSuccess: (plan) => {
      if (plan.applied) void queryClient.invalidateQueries({ queryKey: courseTemplateKeys.all });
    },
    meta: { silent: true },
  });
}
