import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseTemplate } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { courseTemplateKeys } from './keys';

export interface FromProjectBody {
  project_id: number;
  name?: string;
  year?: number | null;
  semester?: string | null;
}

/** POST /api/course_templates/from_project: a copy of a project's boards, columns, labels, milestones. */
export async function createTemplateFromProject(body: FromProjectBody): Promise<CourseTemplate> {
  return (await api.post<{ data: CourseTemplate }>('/course_templates/from_project', body)).data;
}

export function useCreateTemplateFromProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplateFromProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseTemplateKeys.all }),
  });
}
