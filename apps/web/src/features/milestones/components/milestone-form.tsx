import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { CreateMilestoneInputSchema, type Milestone } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { validate, type FieldErrors } from '../../../lib/validation';
import { useCreateMilestone } from '../api/create-milestone';
import { useUpdateMilestone } from '../api/update-milestone';
import { DayInput } from '../../../components/day-input';
import { useDiscardGuard } from '../../../components/guarded-modal';

interface MilestoneFormProps {
  projectId: string;
  milestone?: Milestone;
  onDone: () => void;
}

/**
 * Create or edit a milestone; validated with the contract schema before it is sent. In its
 * GuardedModal, Esc, × or a click outside ask before dropping what was typed; Cancel does not.
 */
export function MilestoneForm({ projectId, milestone, onDone }: MilestoneFormProps) {
  const { t } = useTranslation('milestones');
  const [name, setName] = useState(milestone?.milestone_name ?? '');
  const [start, setStart] = useState(milestone?.start_date ?? '');
  const [deadline, setDeadline] = useState(milestone?.deadline ?? '');
  const [sprint, setSprint] = useState(milestone?.sprint ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  // What the person can change, as text: unequal to how the form opened means its dialog must ask.
  const typed = JSON.stringify([name, start, deadline, sprint]);
  const [openingTyped] = useState(typed);
  useDiscardGuard(typed !== openingTyped);
  const create = useCreateMilestone(projectId);
  const update = useUpdateMilestone(projectId);
  const message = (code: string | undefined) => (code ? t(`errors:${code}`) : undefined);
  // A field's message goes as soon as the person changes that field, not at the next submit.
  const clearError = (field: string) =>
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(CreateMilestoneInputSchema, {
      milestone_name: name,
      start_date: start,
      deadline,
      sprint,
    });
    setErrors(result.errors ?? {});
    if (result.data === null) return;
    const onSuccess = () => {
      notifySuccess(milestone ? t('saved') : t('created'));
      onDone();
    };
    if (milestone) update.mutate({ id: milestone.milestone_id, input: result.data }, { onSuccess });
    else create.mutate(result.data, { onSuccess });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('name')}
          required
          data-autofocus
          value={name}
          maxLength={100}
          error={message(errors.milestone_name)}
          onChange={(e) => {
            setName(e.currentTarget.value);
            clearError('milestone_name');
          }}
        />
        <Group grow align="flex-start">
          <DayInput
            label={t('start_date')}
            required
            value={start}
            error={message(errors.start_date)}
            onChange={(value) => {
              setStart(value ?? '');
              clearError('start_date');
            }}
          />
          <DayInput
            label={t('deadline')}
            required
            value={deadline}
            error={message(errors.deadline)}
            onChange={(value) => {
              setDeadline(value ?? '');
              clearError('deadline');
            }}
          />
        </Group>
        <Checkbox label={t('sprint')} checked={sprint} onChange={(e) => setSprint(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {milestone ? t('save') : t('create_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
