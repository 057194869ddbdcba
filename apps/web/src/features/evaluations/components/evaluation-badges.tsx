import { Badge } from '@mantine/core';
import type { EvaluationResponseStatus, EvaluationStatus, EvaluationType } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<EvaluationStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  active: 'green',
  expired: 'red',
};

const RESPONSE_COLORS: Record<EvaluationResponseStatus, string> = {
  none: 'orange',
  draft: 'yellow',
  submitted: 'teal',
};

export function StatusBadge({ status }: { status: EvaluationStatus }) {
  const { t } = useTranslation('evaluations');
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} tt="none">
      {t(`status.${status}`)}
    </Badge>
  );
}

export function TypeBadge({ type }: { type: EvaluationType }) {
  const { t } = useTranslation('evaluations');
  return (
    <Badge variant="outline" color="gray" tt="none">
      {t(`type.${type}`)}
    </Badge>
  );
}

/** The caller's own answers: none yet, a draft, or submitted. */
export function ResponseBadge({ response }: { response: EvaluationResponseStatus }) {
  const { t } = useTranslation('evaluations');
  return (
    <Badge variant="dot" color={RESPONSE_COLORS[response]} tt="none">
      {t('list.my_response', { status: t(`response.${response}`) })}
    </Badge>
  );
}
