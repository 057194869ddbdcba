import {
  Badge,
  Button,
  ColorInput,
  Group,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  TASK_PRIORITIES,
  type CreateLabelInput,
  type Label,
  type Member,
  type Milestone,
  type TaskDetail,
  type UpdateTaskInput,
} from '@teamboard/contract';
import { IconMessageChatbot } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/decimal-input';
import { Markdown } from '../../../components/markdown';
import { CommitsField } from './task-commits';
import { ChecklistSection } from './checklist-section';
import { assigneeOptions } from './assignee-options';
import { Section } from './section';
import { DayInput } from '../../../components/day-input';
import { openAssistant } from '../../../lib/assistant-launcher';

export interface TaskFieldsProps {
  task: TaskDetail;
  canEdit: boolean;
  members: Member[];
  labels: Label[];
  milestones: Milestone[];
  save: (input: UpdateTaskInput) => void;
  onCreateLabel: (input: CreateLabelInput) => Promise<Label>;
}

function NameField({ task, canEdit, save }: TaskFieldsProps) {
  const { t } = useTranslation('tasks');
  const [title, setTitle] = useState(task.title);
  const commit = () => {
    if (title.trim() !== '' && title.trim() !== task.title) save({ title: title.trim() });
    else setTitle(task.title);
  };
  return (
    <TextInput
      aria-label={t('fields.name')}
      value={title}
      readOnly={!canEdit}
      maxLength={200}
      onChange={(event) => setTitle(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
    />
  );
}

function DescriptionField({ task, canEdit, save }: TaskFieldsProps) {
  const { t } = useTranslation('tasks');
  const [text, setText] = useState(task.description);
  if (!canEdit)
    return task.description ? (
      <Markdown text={task.description} />
    ) : (
      <Text size="sm" c="dimmed">
        {t('fields.no_description')}
      </Text>
    );
  return (
    <Tabs defaultValue="write" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="write">{t('fields.write')}</Tabs.Tab>
        <Tabs.Tab value="preview">{t('fields.preview')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="xs">
        <Stack gap="xs">
          <Textarea
            aria-label={t('fields.description')}
            description={t('fields.markdown_hint')}
            autosize
            minRows={3}
            maxRows={14}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              disabled={text === task.description}
              onClick={() => save({ description: text })}
            >
              {t('fields.save_description')}
            </Button>
          </Group>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="xs">
        {text ? (
          <Markdown text={text} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('fields.no_description')}
          </Text>
        )}
      </Tabs.Panel>
    </Tabs>
  );
}

function LabelsField({ task, canEdit, labels, save, onCreateLabel }: TaskFieldsProps) {
  const { t } = useTranslation('tasks');
  const [name, setName] = useState('');
  const [color, setColor] = useState('#228be6');
  const [creating, setCreating] = useState(false);
  const byId = new Map(labels.map((label) => [label.id, label]));
  return (
    <Stack gap="xs">
      <MultiSelect
        aria-label={t('fields.labels')}
        placeholder={t('fields.labels_placeholder')}
        data={labels.map((label) => ({ value: String(label.id), label: label.name }))}
        value={task.labels.map(String)}
        readOnly={!canEdit}
        searchable
        renderOption={({ option }) => (
          <Group gap={6}>
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: byId.get(Number(option.value))?.color,
              }}
            />
            {option.label}
          </Group>
        )}
        onChange={(values) => save({ labels: values.map(Number) })}
      />
      <Group gap={4}>
        {task.labels.map((id) => {
          const label = byId.get(id);
          return label ? (
            <Badge key={id} size="sm" autoContrast color={label.color}>
              {label.name}
            </Badge>
          ) : null;
        })}
      </Group>
      {canEdit && (
        <Group gap="xs" align="flex-end">
          <TextInput
            size="xs"
            label={t('fields.new_label')}
            value={name}
            maxLength={50}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <ColorInput
            withEyeDropper={false}
            size="xs"
            label={t('fields.label_color')}
            format="hex"
            w={130}
            value={color}
            onChange={setColor}
          />
          <Button
            size="xs"
            variant="light"
            loading={creating}
            disabled={name.trim() === ''}
            onClick={() => {
              setCreating(true);
              onCreateLabel({ name: name.trim(), color })
                .then((label) => {
                  setName('');
                  save({ labels: [...task.labels, label.id] });
                })
                .catch(() => undefined)
                .finally(() => setCreating(false));
            }}
          >
            {t('fields.create_label')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function DateField({
  label,
  value,
  canEdit,
  onSave,
}: {
  label: string;
  value: string | null;
  canEdit: boolean;
  onSave: (value: string | null) => void;
}) {
  return (
    <DayInput
      size="xs"
      aria-label={label}
      value={value}
      readOnly={!canEdit}
      clearable={canEdit}
      onChange={onSave}
    />
  );
}

function RoadblockField({ task, canEdit, save }: TaskFieldsProps) {
  const { t } = useTranslation('tasks');
  const [reason, setReason] = useState(task.blocked_reason ?? '');
  return (
    <Stack gap="xs">
      <Switch
        label={t('fields.blocked')}
        checked={task.is_blocked}
        disabled={!canEdit}
        onChange={(event) => save({ is_blocked: event.currentTarget.checked })}
      />
      {(task.is_blocked || reason !== '') && (
        <TextInput
          size="xs"
          label={t('fields.blocked_reason')}
          value={reason}
          readOnly={!canEdit}
          maxLength={1000}
          onChange={(event) => setReason(event.currentTarget.value)}
          onBlur={() => {
            if (reason !== (task.blocked_reason ?? ''))
              save({ blocked_reason: reason.trim() === '' ? null : reason.trim() });
          }}
        />
      )}
    </Stack>
  );
}

function ExpectedHoursField({ task, canEdit, save }: TaskFieldsProps) {
  const { t } = useTranslation('tasks');
  const [value, setValue] = useState(task.expected_hours === null ? '' : String(task.expected_hours));
  return (
    <DecimalInput
      size="xs"
      aria-label={t('fields.expected_hours')}
      value={value}
      readOnly={!canEdit}
      onChange={setValue}
      onBlur={() => {
        const next = value === '' || value === '.' ? null : Number(value);
        // Not a number: the box shows it as invalid and nothing is saved.
        if (next !== null && Number.isNaN(next)) return;
        if (next !== task.expected_hours) save({ expected_hours: next });
      }}
    />
  );
}

/** The main column of the task detail: what the task is and what is left to do. */
export function TaskMainFields(props: TaskFieldsProps) {
  const { t } = useTranslation('tasks');
  const { task, canEdit } = props;
  return (
    <Stack gap="sm">
      <Section title={t('sections.name')}>
        <NameField key={task.title} {...props} />
      </Section>
      <Section title={t('sections.description')}>
        <DescriptionField key={task.description} {...props} />
      </Section>
      <Section title={t('sections.checklist')}>
        <ChecklistSection taskId={task.id} canEdit={canEdit} />
      </Section>
      <Section title={t('sections.help_bot')} defaultOpen={false}>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconMessageChatbot size={16} aria-hidden />}
          onClick={() =>
            openAssistant({ taskId: task.id, taskTitle: task.title, projectId: task.project_id })
          }
        >
          {t('assistant:ask_about_task')}
        </Button>
      </Section>
    </Stack>
  );
}

/**
 * The side column: compact fields, as Trello and Jira lay them out beside the description (issue 14).
 * Each section still toggles on its own (docs/spec.md §2).
 */
export function TaskSideFields(props: TaskFieldsProps) {
  const { t } = useTranslation('tasks');
  const { task, canEdit, members, milestones, save } = props;
  return (
    <Stack gap="sm">
      <Section title={t('sections.members')}>
        <MultiSelect
          size="xs"
          aria-label={t('fields.members')}
          placeholder={t('fields.members_placeholder')}
          data={assigneeOptions(members, task.assigned).map(({ group, items }) => ({
            group: t(`fields.assignee_groups.${group}`),
            items,
          }))}
          value={task.assigned.map(String)}
          readOnly={!canEdit}
          searchable
          onChange={(values) => save({ assigned: values.map(Number) })}
        />
      </Section>
      <Section title={t('sections.labels')}>
        <LabelsField {...props} />
      </Section>
      <Section title={t('sections.milestone')}>
        <Select
          size="xs"
          aria-label={t('fields.milestone')}
          placeholder={t('fields.no_milestone')}
          data={milestones.map((milestone) => ({
            value: String(milestone.milestone_id),
            label: milestone.milestone_name,
          }))}
          value={task.milestone_id === null ? null : String(task.milestone_id)}
          readOnly={!canEdit}
          clearable
          onChange={(value) => save({ milestone_id: value === null ? null : Number(value) })}
        />
      </Section>
      <Section title={t('sections.starting_date')}>
        <DateField
          label={t('fields.starting_date')}
          value={task.starting_date}
          canEdit={canEdit}
          onSave={(starting_date) => save({ starting_date })}
        />
      </Section>
      <Section title={t('sections.deadline')}>
        <DateField
          label={t('fields.deadline')}
          value={task.deadline}
          canEdit={canEdit}
          onSave={(deadline) => save({ deadline })}
        />
      </Section>
      <Section title={t('sections.priority')}>
        <Select
          size="xs"
          aria-label={t('fields.priority')}
          placeholder={t('fields.no_priority')}
          data={TASK_PRIORITIES.map((priority) => ({
            value: priority,
            label: t(`boards:priority.${priority}`),
          }))}
          value={task.priority}
          readOnly={!canEdit}
          clearable
          onChange={(value) => save({ priority: (value as UpdateTaskInput['priority']) ?? null })}
        />
      </Section>
      <Section title={t('sections.expected_hours')}>
        <ExpectedHoursField key={String(task.expected_hours)} {...props} />
      </Section>
      <Section title={t('sections.roadblock')}>
        <RoadblockField key={task.blocked_reason ?? ''} {...props} />
      </Section>
      <Section title={t('sections.commits')}>
        <CommitsField {...props} />
      </Section>
    </Stack>
  );
}
