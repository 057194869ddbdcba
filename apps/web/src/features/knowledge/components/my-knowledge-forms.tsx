import { Alert, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { MyKnowledgeForm } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useMyKnowledgeForms } from '../api/get-my-knowledge-forms';
import { useFormat } from '../../../lib/use-format';
import { KnowledgeAnswerForm } from './knowledge-answer-form';
import { KnowledgeStateBadge, useKnowledgeDates } from './knowledge-state-badge';

/** My profile's "Knowledge forms": the forms for me, open ones to answer, the others read-only. */
export function MyKnowledgeForms() {
  const { t } = useTranslation('knowledge');
  const forms = useMyKnowledgeForms();
  if (forms.isPending) return <Loader size="sm" role="status" aria-label={t('common:loading')} />;
  if (forms.isError) return null;
  if (forms.data.data.length === 0) return <EmptyState title={t('mine.empty')} />;
  return (
    <Stack gap="md">
      {forms.data.data.map((form) => (
        <MyKnowledgeFormCard key={form.id} form={form} />
      ))}
    </Stack>
  );
}

function MyKnowledgeFormCard({ form }: { form: MyKnowledgeForm }) {
  const { t } = useTranslation('knowledge');
  const format = useFormat();
  const dates = useKnowledgeDates();
  const headingId = `knowledge-form-${form.id}`;
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {form.title}
          </Title>
          <KnowledgeStateBadge state={form.state} />
        </Group>
        <Text size="sm" c="dimmed">
          {dates(form, format.date)}
          {' · '}
          {form.answered_at
            ? t('mine.answered_at', { date: format.dateTime(form.answered_at) })
            : t('mine.not_answered')}
        </Text>
        {form.description && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {form.description}
          </Text>
        )}
        {form.state === 'open' && <KnowledgeAnswerForm key={form.answered_at ?? 'new'} form={form} />}
        {form.state === 'scheduled' && (
          <Alert color="blue">{t('mine.scheduled_note', { date: format.date(form.opens_on) })}</Alert>
        )}
        {form.state === 'closed' &&
          (form.answers.length === 0 ? (
            <Alert color="gray">{t('mine.closed_unanswered')}</Alert>
          ) : (
            <>
              <Alert color="gray">{t('mine.closed_note')}</Alert>
              <Table>
                <Table.Tbody>
                  {form.items.map((item) => {
                    const answer = form.answers.find((candidate) => candidate.item_id === item.id);
                    return (
                      <Table.Tr key={item.id}>
                        <Table.Th scope="row">{item.name}</Table.Th>
                        <Table.Td>{answer ? answer.rating : t('results.none')}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{answer?.comment}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </>
          ))}
      </Stack>
    </Card>
  );
}
