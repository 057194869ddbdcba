import { Badge, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';

/** The reports this release builds; the other kinds are listed as coming later. */
export const LIVE_REPORTS = ['hours', 'user', 'commits', 'pullrequests'] as const;
export type LiveReport = (typeof LIVE_REPORTS)[number];

export function isLiveReport(kind: string): kind is LiveReport {
  return (LIVE_REPORTS as readonly string[]).includes(kind);
}

/** Where a live report's card leads: its address, or what the project needs before it can open. */
export type ReportTarget = { href: string } | { needs: 'milestone' | 'board'; href: string };

interface ReportIndexProps {
  title: string;
  /** Every report kind of the SPEC, in its order. */
  kinds: readonly string[];
  /** A live report's address with its default parameters, or the page that makes what it needs. */
  targetOf: (kind: LiveReport) => ReportTarget;
}

/** /project/:id/report — a card per report: the live ones link to it, the others say they come later. */
export function ReportIndex({ title, kinds, targetOf }: ReportIndexProps) {
  const { t } = useTranslation('reports');
  const ordered = [...kinds.filter(isLiveReport), ...kinds.filter((kind) => !isLiveReport(kind))];
  return (
    <Page title={title}>
      <SimpleGrid
        component="ul"
        aria-label={t('index.label')}
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {ordered.map((kind) => (
          <li key={kind}>
            {isLiveReport(kind) ? (
              <LiveReportCard kind={kind} target={targetOf(kind)} />
            ) : (
              <Card withBorder padding="md" h="100%" bg="gray.0" aria-disabled="true">
                <Title order={2} size="h4" c="dimmed">
                  {t(`projects:reports.${kind}`)}
                </Title>
                <Badge variant="light" color="gray" size="sm" mt={6}>
                  {t('index.coming_later')}
                </Badge>
              </Card>
            )}
          </li>
        ))}
      </SimpleGrid>
    </Page>
  );
}

/**
 * A live report's card: its link is named by the report's title and described by its line (or, for
 * a report that needs a milestone or a board the project lacks, by how to make one).
 */
function LiveReportCard({ kind, target }: { kind: LiveReport; target: ReportTarget }) {
  const { t } = useTranslation('reports');
  const id = useId();
  const needs = 'needs' in target ? target.needs : null;
  return (
    <Card
      component={Link}
      to={target.href}
      withBorder
      padding="md"
      h="100%"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <Title id={`${id}-title`} order={2} size="h4" c="blue.8">
        {t(`projects:reports.${kind}`)}
      </Title>
      <Text id={`${id}-text`} size="sm" c="dimmed" mt={4}>
        {needs ? t(`index.needs_${needs}`) : t(`descriptions.${kind}`)}
      </Text>
    </Card>
  );
}
