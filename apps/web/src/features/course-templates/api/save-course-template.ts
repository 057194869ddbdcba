import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseTemplate, CourseTemplateInputBody } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { courseTemplateKeys } from './keys';

/** POST /api/course_templates. */
export async function createCourseTemplate(input: CourseTemplateInputBody): Promise<CourseTemplate> {
  return (await api.post<{ data: CourseTemplate }>('/course_templates', input)).data;
}

/** PUT /api/course_templates/:id (the whole template; projects already made keep what they have). */
export async function updateCourseTemplate(
  templateId: number,
  input: CourseTemplateInputBody,
): Promise<CourseTemplate> {
  return (await api.put<{ data: CourseTemplate }>(`/course_templates/${templateId}`, input)).data;
}

/** Creates (templateId null) or saves a template. */
export function useSaveCourseTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, input }: { templateId: number | null; input: CourseTemplateInputBody }) =>
      templateId === null ? createCourseTemplate(input) : updateCourseTemplate(templateId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseTemplateKeys.all }),
  });
}
