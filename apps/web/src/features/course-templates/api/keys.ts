/** Cache keys of this feature; all start with `course-templates`, so one change can refresh them all. */
export const courseTemplateKeys = {
  all: ['course-templates'] as const,
  list: ['course-templates', 'list'] as const,
  /** The caller's own projects, offered as the source of a new template. */
  myProjects: ['course-templates', 'my-projects'] as const,
};
