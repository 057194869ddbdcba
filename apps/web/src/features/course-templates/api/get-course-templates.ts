import { useQuery } from '@tanstack/react-query';
import type { CourseTemplate } from '@teamboard/contract';
import { api } from '../../../lib/api-client';
import { courseTemplateKeys } from './keys';

/** GET /api/course_templates: a teacher's own templates, or every template for an admin. */
export async function getCourseTemplates(): Promise<CourseTemplate[]> {
  return (await api.get<{ data: CourseTemplate[] }>('/course_templates')).data;
}

export function useCourseTemplates() {
  return useQuery({ queryKey: courseTemplateKeys.list, queryFn: getCourseTemplates });
}
