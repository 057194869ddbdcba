import { ActionIcon, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { COURSE_TEMPLATE_MILESTONES_MAX, NAME_MAX_LENGTH } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import { newKey, replaced, type DraftErrors, type MilestoneDraft } from './template-draft';

interface TemplateMilestonesFieldsProps {
  milestones: MilestoneDraft[];
  errors: DraftErrors;
  onChange: (milestones: MilestoneDraft[]) => void;
}

/** The template's milestones, on the academic calendar: a name, a start, a deadline, sprint or not. */
export function TemplateMilestonesFields({ milestones, errors, onChange }: TemplateMilestonesFieldsProps) {
  const { t } = useTranslation('course-templates');
  const message = (path: string) => (errors[path] ? t(`errors:${errors[path]}`) : undefined);
  return (
    <Stack gap="xs" role="group" aria-labelledby="template-milestones-label">
      <Text fw={600} size="sm" id="template-milestones-label">
        {t('editor.milestones')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('editor.milestones_hint', { max: COURSE_TEMPLATE_MILESTONES_MAX })}
      </Text>
      {milestones.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('editor.none')}
        </Text>
      )}
      {milestones.map((milestone, index) => {
        const number = index + 1;
        const change = (values: Partial<MilestoneDraft>) =>
          onChange(replaced(milestones, milestone.key, values));
        return (
          <Card key={milestone.key} withBorder padding="sm">
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('editor.milestone_name', { number })}
                  required
                  maxLength={NAME_MAX_LENGTH}
                  value={milestone.name}
                  error={message(`milestones.${index}.name`)}
                  onChange={(event) => change({ name: event.currentTarget.value })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={24}
                  aria-label={t('editor.remove_milestone', { number })}
                  onClick={() => onChange(milestones.filter((other) => other.key !== milestone.key))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" verticalSpacing={6}>
                <DayInput
                  label={t('editor.start_short')}
                  aria-label={t('editor.start_date', { number })}
                  required
                  value={milestone.start_date}
                  error={message(`milestones.${index}.start_date`)}
                  onChange={(start_date) => change({ start_date })}
                />
                <DayInput
                  label={t('editor.deadline_short')}
                  aria-label={t('editor.deadline', { number })}
                  required
                  value={milestone.deadline}
                  error={message(`milestones.${index}.deadline`)}
                  onChange={(deadline) => change({ deadline })}
                />
                <Checkbox
                  mt={{ base: 0, xs: 30 }}
                  label={t('editor.sprint')}
                  checked={milestone.sprint}
                  onChange={(event) => change({ sprint: event.currentTarget.checked })}
                />
              </SimpleGrid>
            </Stack>
          </Card>
        );
      })}
      {message('milestones') && (
        <Text size="sm" c="red" role="alert">
          {message('milestones')}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={milestones.length >= COURSE_TEMPLATE_MILESTONES_MAX}
          onClick={() =>
            onChange([
              ...milestones,
              { key: newKey(), name: '', start_date: null, deadline: null, sprint: false },
            ])
          }
        >
          {t('editor.add_milestone')}
        </Button>
      </Group>
    </Stack>
  );
}
