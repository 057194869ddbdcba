import { Fieldset, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { courseSemesterList, type ProjectCourse } from '@teamboard/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../lib/validation';

interface CourseFieldsProps {
  value: ProjectCourse;
  /** Error codes by field (year, semester, section, group). */
  errors: FieldErrors;
  onChange: (value: ProjectCourse) => void;
}

/**
 * The project's place in a course (docs/api-course-overview.md): year, semester, section, group.
 * All empty: the course overview places the team by its members' profiles.
 */
export function CourseFields({ value, errors, onChange }: CourseFieldsProps) {
  const { t } = useTranslation('projects');
  const semesters = useMemo(() => {
    const known = courseSemesterList().reverse();
    // A semester a roster import wrote that the list does not hold stays choosable.
    return value.semester && !known.includes(value.semester) ? [value.semester, ...known] : known;
  }, [value.semester]);
  const errorOf = (field: keyof ProjectCourse) => (errors[field] ? t(`errors:${errors[field]}`) : undefined);
  const text = (field: 'year' | 'section' | 'group') => (
    <TextInput
      label={t(`course.${field}`)}
      value={value[field] ?? ''}
      error={errorOf(field)}
      onChange={(event) => onChange({ ...value, [field]: event.currentTarget.value })}
    />
  );
  return (
    <Fieldset
      // The legend reads as the other fields' labels do.
      legend={
        <Text span size="sm" fw="var(--mantine-font-weight-medium)">
          {t('course.legend')}
        </Text>
      }
      variant="unstyled"
      p={0}
      m={0}
    >
      <Text size="xs" c="dimmed" mb="xs">
        {t('course.hint')}
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        {text('year')}
        <Select
          label={t('course.semester')}
          data={semesters}
          value={value.semester}
          clearable
          error={errorOf('semester')}
          comboboxProps={{ withinPortal: true }}
          onChange={(semester) => onChange({ ...value, semester })}
        />
        {text('section')}
        {text('group')}
      </SimpleGrid>
    </Fieldset>
  );
}
