import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { ReportPreview, type PreviewContext } from './report-preview';

/** Where a report's card leads: its address, or the page that makes what it needs first. */
export type ReportTarget = { href: string } | { needs: 'milestone' | 'board'; href: string };

interface ReportIndexProps<Kind extends string> {
  title: string;
  /** Every report kind of the SPEC, in its order. */
  kinds: readonly Kind[];
  /** A report's address with its default parameters, or the page that makes what it needs. */
  targetOf: (kind: Kind) => ReportTarget;
  /** What the cards' live figures are computed over: the parameters the links open with. */
  context: PreviewContext;
}

/** /project/:id/report — a card per report, linking to it with its default parameters, with its live figure. */
export function ReportIndex<Kind extends string>({
  title,
  kinds,
  targetOf,
  context,
}: ReportIndexProps<Kind>) {
  const { t } = useTranslation('reports');
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
        {kinds.map((kind) => (
          <li key={kind}>
            <ReportCard kind={kind} target={targetOf(kind)} context={context} />
          </li>
        ))}
      </SimpleGrid>
    </Page>
  );
}

/**
 * A report's card: its link is named by the report's title and described by its line (or, for
 * a report that needs a milestone or a board the project lacks, by how to make one).
 */
function ReportCard({
  kind,
  target,
  context,
}: {
  kind: string;
  target: ReportTarget;
  context: PreviewContext;
}) {
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
      {!needs && <ReportPreview kind={kind} context={context} />}
    </Card>
  );
}
