import { Button, Group, MultiSelect, Stack } from '@mantine/core';
import type { Evaluation } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import type { EvaluationFormMember, EvaluationFormState } from '../hooks/use-evaluation-form';

interface EvaluationFormMembersProps {
  form: EvaluationFormState;
  /** The project's current members (the ones who can be chosen). */
  members: EvaluationFormMember[];
  /** The draft being edited, if any. */
  evaluation?: Evaluation | undefined;
}

/** Who answers (and, in a team evaluation, who is rated), with "all" and "none" at hand. */
export function EvaluationFormMembers({ form, members, evaluation }: EvaluationFormMembersProps) {
  const { t } = useTranslation('evaluations');
  const { memberIds } = form.values;
  // Members of the draft who left the project are still listed, so that the server names the problem.
  const options = [
    ...members.map((member) => ({ value: String(member.id), label: member.name })),
    ...(evaluation?.members ?? [])
      .filter((member) => !members.some((one) => one.id === member.user_id))
      .map((member) => ({ value: String(member.user_id), label: member.name })),
  ];
  return (
    <Stack gap={4}>
      <MultiSelect
        label={t('form.members')}
        description={t('form.members_hint')}
        placeholder={memberIds.length === 0 ? t('form.members_placeholder') : undefined}
        required
        searchable
        data={options}
        value={memberIds}
        error={form.errorOf('member_ids')}
        onChange={form.changeMemberIds}
      />
      <Group gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={memberIds.length === members.length && members.length > 0}
          onClick={() => form.changeMemberIds(members.map((member) => String(member.id)))}
        >
          {t('form.select_all')}
        </Button>
        <Button
          variant="subtle"
          size="compact-sm"
          color="gray"
          disabled={memberIds.length === 0}
          onClick={form.clearMemberIds}
        >
          {t('form.select_none')}
        </Button>
      </Group>
    </Stack>
  );
}
