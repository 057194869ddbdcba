import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Fairness } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { PeriodPage, type PeriodScreenProps } from '../../../components/period-page';
import { useFairness } from '../api/get-fairness';
import { HowComputed, ImbalanceCard } from './fairness-explained';
import { useFairnessFormat } from './fairness-format';
import { FlagList } from './flag-list';
import { MemberCard } from './member-card';

/** /project/:id/fairness — the same page for every member and for the teaching staff. */
export function FairnessScreen({ projectId, ...page }: PeriodScreenProps) {
  const { t } = useTranslation('fairness');
  const labels = { from: t('range.from'), to: t('range.to'), loading: t('loading'), retry: t('retry') };
  return (
    <PeriodPage {...page} labels={labels} query={useFairness(projectId, page.range)}>
      {(data) => <FairnessResult fairness={data} />}
    </PeriodPage>
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
