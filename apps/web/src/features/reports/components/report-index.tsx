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

interface ReportIndexProps {
  title: string;
  /** Every report kind of the SPEC, in its order. */
  kinds: readonly string[];
  /** A live report's address, with its default parameters. */
  hrefOf: (kind: LiveReport) => string;
}

/** /project/:id/report — a card per report: the live ones link to it, the others say they come later. */
export function ReportIndex({ title, kinds, hrefOf }: ReportIndexProps) {
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
              <LiveReportCard kind={kind} href={hrefOf(kind)} />
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

/** A live report's card: its link is named by the report's title and described by its line. */
function LiveReportCard({ kind, href }: { kind: LiveReport; href: string }) {
  const { t } = useTranslation('reports');
  const id = useId();
  return (
    <Card
      component={Link}
      to={href}
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
        {t(`descriptions.${kind}`)}
      </Text>
    </Card>
  );
}
