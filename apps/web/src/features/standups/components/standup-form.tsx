import { Alert, Button, Checkbox, Group, Radio, Stack, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  STANDUP_SCALE_MAX,
  STANDUP_SCALE_MIN,
  STANDUP_TEXT_MAX_LENGTH,
  StandupInputSchema,
  type Standup,
  type StandupInputBody,
} from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../components/decimal-input';
import { isApiError } from '../../../lib/api-error';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { validate } from '../../../lib/validation';
import { useCreateStandup } from '../api/create-standup';
import { standupKeys } from '../api/keys';
import { useUpdateStandup } from '../api/update-standup';

type Field = 'did' | 'will_do' | 'blockers' | 'is_blocked' | 'hours' | 'stress' | 'feeling';
type Messages = Partial<Record<Field, string>>;

/** Refusals of the stand-up as a whole: said above the button, not as a passing toast. */
const WHOLE_REFUSALS = ['STANDUP_ALREADY_SUBMITTED', 'STANDUP_NOT_EDITABLE'];

const SCALE = Array.from({ length: STANDUP_SCALE_MAX - STANDUP_SCALE_MIN + 1 }, (_, index) =>
  String(STANDUP_SCALE_MIN + index),
);

interface StandupFormProps {
  projectId: string;
  /** Edits this one (today's own); without it, submits today's. */
  standup?: Standup;
  onDone: (standup: Standup) => void;
  onCancel?: () => void;
}

/** The number the hours box holds ('2.5' from '2,5'), NaN when empty, so the schema names the problem. */
const hoursValue = (text: string) => (text.trim() === '' ? NaN : Number(text));

/**
 * Today's stand-up: what I did, what I will do, blockers, hours, stress and feeling. Checked with the
 * contract's schema before it is sent; the server's refusals shown under their field.
 */
export function StandupForm({ projectId, standup, onDone, onCancel }: StandupFormProps) {
  const { t } = useTranslation('standups');
  const [did, setDid] = useState(standup?.did ?? '');
  const [willDo, setWillDo] = useState(standup?.will_do ?? '');
  const [blockers, setBlockers] = useState(standup?.blockers ?? '');
  const [isBlocked, setIsBlocked] = useState(standup?.is_blocked ?? false);
  const [hours, setHours] = useState(standup ? String(standup.hours) : '');
  // Its author edits it, and always reads their own moods; null (withheld) never reaches here.
  const [stress, setStress] = useState(standup?.stress != null ? String(standup.stress) : '');
  const [feeling, setFeeling] = useState(standup?.feeling != null ? String(standup.feeling) : '');
  const [messages, setMessages] = useState<Messages>({});
  /** A refusal of the whole stand-up (already submitted today, its day is over). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const create = useCreateStandup(projectId);
  const update = useUpdateStandup();
  const isPending = create.isPending || update.isPending;

  const sentence = (code: string) => t(`errors:${code}`);
  const clear = (field: Field) =>
    setMessages((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const values = {
      did,
      will_do: willDo,
      blockers,
      is_blocked: isBlocked,
      hours: hoursValue(hours),
      stress: stress === '' ? NaN : Number(stress),
      feeling: feeling === '' ? NaN : Number(feeling),
    };
    const result = validate(StandupInputSchema, values);
    const found: Messages = {};
    for (const [field, code] of Object.entries(result.errors ?? {})) {
      if (code) found[field as Field] = sentence(code);
    }
    setMessages(found);
    setRefusal(null);
    if (result.data === null) return;
    const input: StandupInputBody = result.data;
    const handlers = {
      onSuccess: (saved: Standup) => {
        notifySuccess(t(standup ? 'form.saved' : 'form.submitted'));
        onDone(saved);
      },
      onError: (error: Error) => {
        if (isApiError(error) && error.code === 'STANDUP_HOURS_NOT_VALID')
          setMessages({ hours: error.message });
        else if (isApiError(error) && error.code === 'STANDUP_SCALE_NOT_VALID')
          setMessages({ stress: error.message });
        else if (isApiError(error) && error.code && WHOLE_REFUSALS.includes(error.code)) {
          // The lists are out of date (another tab submitted it, the day changed): read them again.
          setRefusal(error.message);
          void queryClient.invalidateQueries({ queryKey: standupKeys.all });
        } else notifyFailure(error);
      },
    };
    if (standup) update.mutate({ standupId: standup.id, input }, handlers);
    else create.mutate(input, handlers);
  }

  const scale = (field: 'stress' | 'feeling', value: string, onChange: (value: string) => void) => (
    <Radio.Group
      label={t(`form.${field}`)}
      description={t(`form.${field}_hint`)}
      required
      value={value}
      error={messages[field]}
      onChange={(next) => {
        onChange(next);
        clear(field);
      }}
    >
      <Group gap="sm" mt={6}>
        {SCALE.map((option) => (
          <Radio key={option} value={option} label={option} />
        ))}
      </Group>
    </Radio.Group>
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={t('form.did')}
          required
          autosize
          minRows={2}
          maxRows={8}
          maxLength={STANDUP_TEXT_MAX_LENGTH}
          value={did}
          error={messages.did}
          onChange={(event) => {
            setDid(event.currentTarget.value);
            clear('did');
          }}
        />
        <Textarea
          label={t('form.will_do')}
          required
          autosize
          minRows={2}
          maxRows={8}
          maxLength={STANDUP_TEXT_MAX_LENGTH}
          value={willDo}
          error={messages.will_do}
          onChange={(event) => {
            setWillDo(event.currentTarget.value);
            clear('will_do');
          }}
        />
        <Textarea
          label={t('form.blockers')}
          description={t('form.blockers_hint')}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={STANDUP_TEXT_MAX_LENGTH}
          value={blockers}
          error={messages.blockers}
          onChange={(event) => {
            setBlockers(event.currentTarget.value);
            clear('blockers');
          }}
        />
        <Checkbox
          label={t('form.is_blocked')}
          checked={isBlocked}
          error={messages.is_blocked}
          onChange={(event) => {
            setIsBlocked(event.currentTarget.checked);
            clear('is_blocked');
          }}
        />
        <DecimalInput
          label={t('form.hours')}
          description={t('form.hours_hint')}
          required
          maw={200}
          value={hours}
          error={messages.hours}
          onChange={(value) => {
            setHours(value);
            clear('hours');
          }}
        />
        {scale('stress', stress, setStress)}
        {scale('feeling', feeling, setFeeling)}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
          <Button type="submit" loading={isPending}>
            {t(standup ? 'form.save' : 'form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
