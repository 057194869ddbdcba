import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Anchor, Button, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload } from '@tabler/icons-react';
import {
  KNOWLEDGE_RATING_MAX,
  type KnowledgeItemDistribution,
  type KnowledgeRespondent,
  type KnowledgeResults,
} from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { NAME_AXIS } from '../../../components/chart-name-axis';
import { NumbersTable } from '../../../components/numbers-table';
import { Page } from '../../../components/page';
import { useKnowledgeResults } from '../api/get-knowledge-results';
import { downloadCsv, toCsv } from '../../../lib/csv';
import { useFormat } from '../../../lib/use-format';
import { useAudienceText } from './knowledge-forms-manager';
import { KnowledgeStateBadge } from './knowledge-state-badge';

const RATINGS = Array.from({ length: KNOWLEDGE_RATING_MAX }, (_, index) => String(index + 1));
const COLORS = ['red.6', 'orange.5', 'yellow.5', 'teal.5', 'green.7'];

/** The dashboard's path of the knowledge tab. */
export const KNOWLEDGE_TAB_PATH = '/dashboard?tab=knowledge';

/**
 * One form's results for its managers: each item's distribution (chart and table) and every
 * answer by person, filtered by section and group (in the address), and as a CSV file.
 */
export function KnowledgeResultsScreen({ formId }: { formId: number }) {
  const { t } = useTranslation('knowledge');
  const [search, setSearch] = useSearchParams();
  const section = search.get('section') ?? undefined;
  const group = search.get('group') ?? undefined;
  const results = useKnowledgeResults(formId, { section, group });
  const setFilter = (name: 'section' | 'group', value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const back = (
    <Anchor component={Link} to={KNOWLEDGE_TAB_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('results.back')}
      </Group>
    </Anchor>
  );
  if (results.isPending) {
    return (
      <Page title={t('manage.results')}>
        {back}
        <Loader size="sm" role="status" aria-label={t('common:loading')} />
      </Page>
    );
  }
  if (results.isError) {
    return (
      <Page title={t('manage.results')}>
        {back}
        <Alert color="red" role="alert">
          {results.error.message}
        </Alert>
      </Page>
    );
  }
  const data = results.data;
  return (
    <Page title={t('results.title', { title: data.form.title })}>
      {back}
      <FormFacts data={data} />
      <Group gap="sm" align="flex-end">
        <Select
          label={t('results.section')}
          placeholder={t('results.all')}
          data={data.sections}
          clearable
          value={section ?? null}
          onChange={(value) => setFilter('section', value)}
          w={180}
        />
        <Select
          label={t('results.group')}
          placeholder={t('results.all')}
          data={data.groups}
          clearable
          value={group ?? null}
          onChange={(value) => setFilter('group', value)}
          w={180}
        />
        <CsvButton data={data} />
      </Group>
      {data.respondents.length === 0 ? (
        <Alert color="gray">{section || group ? t('results.empty_filtered') : t('results.empty')}</Alert>
      ) : (
        <>
          <Distribution data={data} />
          <Answers data={data} />
        </>
      )}
    </Page>
  );
}

function FormFacts({ data }: { data: KnowledgeResults }) {
  const { t } = useTranslation('knowledge');
  const format = useFormat();
  const audience = useAudienceText();
  return (
    <Group gap="sm">
      <KnowledgeStateBadge state={data.form.state} />
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('dates.range', { start: format.date(data.form.opens_on), end: format.date(data.form.closes_on) })}
        {' · '}
        {t('manage.audience')}: {audience(data.form)}
        {' · '}
        {t('manage.respondents', { count: data.form.respondents })}
      </Text>
    </Group>
  );
}

function Distribution({ data }: { data: KnowledgeResults }) {
  const { t } = useTranslation('knowledge');
  const format = useFormat();
  const chartData = data.distribution.map((item) => ({
    item: item.name,
    ...Object.fromEntries(RATINGS.map((rating, index) => [rating, item.counts[index] ?? 0])),
  }));
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="knowledge-distribution">
      <Stack gap="sm">
        <Title order={2} size="h4" id="knowledge-distribution">
          {t('results.distribution')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('results.distribution_hint')}
        </Text>
        {/* Hidden from assistive technology and out of the Tab order (inert): the table below holds
            the same numbers, and the chart's own focusable surface would be a stop with nothing to read. */}
        <div inert>
          <BarChart
            h={Math.max(160, 48 * chartData.length + 60)}
            data={chartData}
            dataKey="item"
            type="stacked"
            orientation="vertical"
            series={RATINGS.map((rating, index) => ({ name: rating, color: COLORS[index]! }))}
            withLegend
            legendProps={{ verticalAlign: 'bottom', itemSorter: null }}
            gridAxis="y"
            tickLine="y"
            // Long item names wrap to two lines, then end in "…" (the table below holds them whole).
            yAxisProps={NAME_AXIS}
            xAxisProps={{ allowDecimals: false, domain: [0, 'dataMax'] }}
            valueFormatter={(value) => format.number(value)}
            accessibilityLayer={false}
          />
        </div>
        <NumbersTable
          variant="plain"
          minWidth={320}
          rows={data.distribution}
          rowKey={(item) => item.item_id}
          columns={[
            { label: t('results.item'), wrap: 'anywhere', value: (item) => item.name },
            ...RATINGS.map((rating, index) => ({
              label: rating,
              numeric: true,
              value: (item: KnowledgeItemDistribution) => item.counts[index],
            })),
            { label: t('results.count'), numeric: true, value: (item) => item.total },
            {
              label: t('results.average'),
              numeric: true,
              value: (item) => item.average ?? t('results.none'),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}

function Answers({ data }: { data: KnowledgeResults }) {
  const { t } = useTranslation('knowledge');
  const format = useFormat();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby="knowledge-answers">
      <Stack gap="sm">
        <Title order={2} size="h4" id="knowledge-answers">
          {t('results.answers')}
        </Title>
        <NumbersTable
          variant="plain"
          minWidth={320 + 120 * data.form.items.length}
          rows={data.respondents}
          rowKey={(person) => person.user_id}
          columns={[
            { label: t('results.person'), value: (person) => person.name },
            { label: t('results.section'), value: (person) => person.section ?? t('results.none') },
            { label: t('results.group'), value: (person) => person.group ?? t('results.none') },
            ...data.form.items.map((item, index) => ({
              key: item.id,
              label: item.name,
              value: (person: KnowledgeRespondent) => <Rating answer={person.answers[index]} />,
            })),
            { label: t('results.answered_at'), value: (person) => format.dateTime(person.answered_at) },
          ]}
        />
      </Stack>
    </Paper>
  );
}

/** One person's rating of an item, and their comment under it. */
function Rating({ answer }: { answer: KnowledgeRespondent['answers'][number] | undefined }) {
  const { t } = useTranslation('knowledge');
  return (
    <>
      <Text size="sm" fw={600}>
        {answer?.rating ?? t('results.none')}
      </Text>
      {answer?.comment && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {answer.comment}
        </Text>
      )}
    </>
  );
}

/** Every kept answer as a CSV file (person, section, group, each item's rating and comment). */
function CsvButton({ data }: { data: KnowledgeResults }) {
  const { t } = useTranslation('knowledge');
  const header = [
    t('results.person'),
    t('results.section'),
    t('results.group'),
    t('results.answered_at'),
    ...data.form.items.flatMap((item) => [
      t('results.csv_item_rating', { item: item.name }),
      t('results.csv_item_comment', { item: item.name }),
    ]),
  ];
  const rows = data.respondents.map((person) => [
    person.name,
    person.section,
    person.group,
    person.answered_at,
    ...person.answers.flatMap((answer) => [answer.rating, answer.comment]),
  ]);
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      disabled={data.respondents.length === 0}
      onClick={() => downloadCsv(`knowledge-${data.form.id}.csv`, toCsv(header, rows))}
    >
      {t('results.download')}
    </Button>
  );
}
