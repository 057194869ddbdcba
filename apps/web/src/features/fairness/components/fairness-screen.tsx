import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Fairness } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../components/day-input';
import { Page } from '../../../components/page';
import { useFairness, type FairnessRange } from '../api/get-fairness';
import { HowComputed, ImbalanceCard } from './fairness-explained';
import { useFairnessFormat } from './fairness-format';
import { FlagList } from './flag-list';
import { MemberCard } from './member-card';

interface FairnessScreenProps {
  projectId: string;
  title: string;
  /** As the address has them; missing: the server's default period. */
  range: FairnessRange;
  onRangeChange: (range: Required<FairnessRange>) => void;
}

const FIELD_STYLE = { flex: '1 1 140px', maxWidth: 200 };

/** /project/:id/fairness — the same page for every member and for the teaching staff. */
export function FairnessScreen({ projectId, title, range, onRangeChange }: FairnessScreenProps) {
  const { t } = useTranslation('fairness');
  const query = useFairness(projectId, range);
  const from = query.data?.from ?? range.from ?? null;
  const to = query.data?.to ?? range.to ?? null;
  return (
    <Page title={title}>
      <Group align="flex-end" gap="sm">
        <DayInput
          label={t('range.from')}
          value={from}
          style={FIELD_STYLE}
          onChange={(value) => value && onRangeChange({ from: value, to: to ?? value })}
        />
        <DayInput
          label={t('range.to')}
          value={to}
          style={FIELD_STYLE}
          onChange={(value) => value && onRangeChange({ from: from ?? value, to: value })}
        />
      </Group>
      {query.isPending && <Loader size="sm" aria-label={t('loading')} />}
      {query.isError && (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            {query.error.message}
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {query.data && <FairnessResult fairness={query.data} />}
    </Page>
  );
}

function FairnessResult({ fairness }: { fairness: Fairness }) {
  const { t } = useTranslation('fairness');
  const format = useFairnessFormat();
  return (
    <Stack gap="lg">
      <Text>{t('intro', { from: format.day(fairness.from), to: format.day(fairness.to) })}</Text>
      <FlagList fairness={fairness} format={format} />
      <ImbalanceCard fairness={fairness} format={format} />
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('members_heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {fairness.members.map((member) => (
            <MemberCard key={member.user_id} member={member} format={format} />
          ))}
        </SimpleGrid>
      </Stack>
      <HowComputed />
    </Stack>
  );
}
