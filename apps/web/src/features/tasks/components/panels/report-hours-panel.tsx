import { Button, Group, Text } from '@mantine/core';
import { can, CreateHourInputSchema } from '@teamboard/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../../components/decimal-input';
import { notifySuccess } from '../../../../lib/notify';
import { validate } from '../../../../lib/validation';
import { useCreateHour } from '../../api/create-hour';
import { today, type PanelProps } from './panel-props';
import { DayInput } from '../../../../components/day-input';

export function ReportHoursPanel({ taskId, role }: PanelProps) {
  const { t } = useTranslation('tasks');
  const create = useCreateHour(taskId);
  const [hours, setHours] = useState('');
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  if (!can(role, 'work.report_own'))
    return (
      <Text size="sm" c="dimmed">
        {t('hours.cannot_report')}
      </Text>
    );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(CreateHourInputSchema, { hours: hours === '' ? NaN : Number(hours), date });
    setErrors(result.errors ?? {});
    if (result.data === null || create.isPending) return;
    create.mutate(result.data, {
      onSuccess: () => {
        notifySuccess(t('hours.reported'));
        setHours('');
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-start" gap="sm">
        <DecimalInput
          label={t('hours.hours')}
          w={140}
          value={hours}
          onChange={setHours}
          error={errors.hours && t(`errors:${errors.hours}`)}
        />
        <DayInput
          label={t('hours.date')}
          w={180}
          value={date}
          onChange={(value) => setDate(value ?? '')}
          error={errors.date && t(`errors:${errors.date}`)}
        />
        <Button type="submit" mt={24} loading={create.isPending}>
          {t('hours.submit')}
        </Button>
      </Group>
    </form>
  );
}
