import { Stack, Tabs, Text } from '@mantine/core';
import type { Standup } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { STANDUP_TABS, useStandupsUrlState, type StandupTab } from '../hooks/standups-url-state';
import { StandupAnalysisView } from './standup-analysis';
import { StandupList } from './standup-list';
import { TodayStandup } from './today-standup';

interface StandupsScreenProps {
  projectId: string;
  title: string;
  currentUserId: number;
  /** Owners and members submit their own stand-up; viewers and visiting staff read. */
  canSubmit: boolean;
  /** Members and viewers see their own row of the analysis only. */
  isOwnOnly: boolean;
}

/** /project/:id/standupreports: today's stand-up, the team's by day, and the analysis. */
export function StandupsScreen({
  projectId,
  title,
  currentUserId,
  canSubmit,
  isOwnOnly,
}: StandupsScreenProps) {
  const { t } = useTranslation('standups');
  const [state, update] = useStandupsUrlState();
  const base = `/project/${encodeURIComponent(projectId)}/standupreports`;
  const pathOfId = (standupId: number) => `${base}/${standupId}`;
  const standupPath = (standup: Standup) => pathOfId(standup.id);

  return (
    <Page title={title}>
      <Tabs
        value={state.tab}
        onChange={(value) => value && update({ tab: value as StandupTab })}
        keepMounted={false}
      >
        <Tabs.List mb="sm">
          {STANDUP_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="reports">
          {/* Today's form belongs with the reports; the analysis keeps the page to its numbers. */}
          <Stack gap="md" mb="md">
            {canSubmit ? (
              <TodayStandup projectId={projectId} currentUserId={currentUserId} standupPath={standupPath} />
            ) : (
              <Text size="sm" c="dimmed">
                {t('today.viewer')}
              </Text>
            )}
          </Stack>
          <StandupList projectId={projectId} state={state} onChange={update} standupPath={standupPath} />
        </Tabs.Panel>
        <Tabs.Panel value="analysis">
          <StandupAnalysisView
            projectId={projectId}
            state={state}
            onChange={update}
            isOwnOnly={isOwnOnly}
            standupPath={pathOfId}
          />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
