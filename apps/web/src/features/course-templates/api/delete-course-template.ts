import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { courseTemplateKeys } from './keys';

/** DELETE /api/course_templates/:id: the template; its team projects stay. */
export async function deleteCourseTemplate(templateId: number): Promise<void> {
  await api.delete(`/course_templates/${templateId}`);
}

export function useDeleteCourseTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCourseTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseTemplateKeys.all }),
  });
}
