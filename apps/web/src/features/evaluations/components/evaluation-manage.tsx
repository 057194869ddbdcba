import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Evaluation } from '@teamboard/contract';
import {
  IconChartBar,
  IconCheck,
  IconLock,
  IconPencil,
  IconPencilCheck,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DayInput } from '../../../components/day-input';
import { Page } from '../../../components/page';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCloseEvaluation } from '../api/close-evaluation';
import { useDeleteEvaluation } from '../api/delete-evaluation';
import { useSendEvaluation } from '../api/send-evaluation';
import { useUpdateDeadline } from '../api/update-deadline';
import { useEvaluationFormat } from '../format';
import { evaluationRoutes } from '../paths';
import { StatusBadge, TypeBadge } from './evaluation-badges';
import { BackToList } from './evaluation-missing';

type Confirming = 'send' | 'delete' | 'close' | null;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** Extend (or move) a sent one's deadline: never before its publication date; reopens a closed one. */
function DeadlineForm({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation('evaluations');
  const [deadline, setDeadline] = useState<string | null>(evaluation.deadline);
  const [message, setMessage] = useState<string | undefined>();
  const update = useUpdateDeadline();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    if (!deadline) return setMessage(t('errors:DATE_NOT_VALID'));
    if (deadline < evaluation.initial_date)
      return setMessage(t('errors:EVALUATION_DEADLINE_BEFORE_PUBLICATION'));
    update.mutate(
      { evaluationId: evaluation.id, deadline },
      {
        onSuccess: () => notifySuccess(t('manage.extended')),
        // The server's sentence, in the reader's language.
        onError: (error) => setMessage(error.message),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <DayInput
          label={t('manage.new_deadline')}
          required
          w={200}
          value={deadline}
          error={message}
          onChange={(value) => {
            setDeadline(value);
            setMessage(undefined);
          }}
        />
        <Button type="submit" variant="light" mt={{ base: 0, xs: 25 }} loading={update.isPending}>
          {t('manage.extend')}
        </Button>
      </Group>
    </form>
  );
}

/** /project/:id/evaluations/:evaluation_id for owners: details, who submitted, and the actions of its state. */
export function EvaluationManage({ projectId, evaluation }: { projectId: string; evaluation: Evaluation }) {
  const { t } = useTranslation('evaluations');
  const format = useEvaluationFormat();
  const navigate = useNavigate();
  const routes = evaluationRoutes(projectId);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const send = useSendEvaluation();
  const close = useCloseEvaluation();
  const remove = useDeleteEvaluation();
  // Who submitted comes to teaching staff only (null for a student owner, who sees the count).
  const submitted = new Set(evaluation.submitted_user_ids);
  const showsSubmitters = evaluation.submitted_user_ids !== null;
  const isDraft = evaluation.status === 'draft';
  const names = evaluation.members.map((member) => member.name).join(', ');

  const notice = {
    draft: t('manage.draft_notice'),
    sent: t('manage.sent_notice', { date: format.day(evaluation.initial_date) }),
    active: t('manage.active_notice', { date: format.day(evaluation.deadline) }),
    expired: t('manage.expired_notice'),
  }[evaluation.status];

  function confirm() {
    const done = (message: string) => () => {
      setConfirming(null);
      notifySuccess(message);
    };
    if (confirming === 'send')
      send.mutate(evaluation.id, { onSuccess: done(t('manage.sent')), onError: () => setConfirming(null) });
    if (confirming === 'close')
      close.mutate(evaluation.id, {
        onSuccess: done(t('manage.closed')),
        onError: () => setConfirming(null),
      });
    if (confirming === 'delete')
      remove.mutate(evaluation.id, {
        onSuccess: () => {
          notifySuccess(t('manage.deleted'));
          void navigate(routes.list, { replace: true });
        },
        onError: (error) => {
          setConfirming(null);
          notifyFailure(error);
        },
      });
  }

  const modal =
    confirming === 'send'
      ? {
          title: t('manage.send_title'),
          text: t('manage.send_text', { count: evaluation.members.length, names }),
          label: t('manage.send'),
          isDestructive: false,
        }
      : confirming === 'close'
        ? {
            title: t('manage.close_title'),
            text: t('manage.close_text'),
            label: t('manage.close'),
            isDestructive: true,
          }
        : {
            title: t('manage.delete_title'),
            text: t('manage.delete_text', { title: evaluation.title }),
            label: t('manage.delete'),
            isDestructive: true,
          };

  return (
    <Page title={evaluation.title}>
      <BackToList to={routes.list} />
      <Group gap={6} wrap="wrap">
        <StatusBadge status={evaluation.status} />
        <TypeBadge type={evaluation.type} />
      </Group>
      <Alert color={evaluation.status === 'expired' ? 'gray' : isDraft ? 'yellow' : 'blue'} variant="light">
        {notice}
      </Alert>

      <Group gap="xs" wrap="wrap">
        {isDraft ? (
          <>
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setConfirming('send')}>
              {t('manage.send')}
            </Button>
            <Button
              component={Link}
              to={routes.edit(evaluation.id)}
              variant="light"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {t('manage.edit')}
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming('delete')}
            >
              {t('manage.delete')}
            </Button>
          </>
        ) : (
          <>
            <Button
              component={Link}
              to={routes.results(evaluation.id)}
              leftSection={<IconChartBar size={16} aria-hidden />}
            >
              {t('manage.results')}
            </Button>
            {evaluation.status !== 'expired' && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconLock size={16} aria-hidden />}
                onClick={() => setConfirming('close')}
              >
                {t('manage.close')}
              </Button>
            )}
          </>
        )}
        {evaluation.is_invited && !isDraft && (
          <Button
            component={Link}
            to={routes.answer(evaluation.id)}
            variant="default"
            leftSection={<IconPencilCheck size={16} aria-hidden />}
          >
            {t('manage.answer')}
          </Button>
        )}
      </Group>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="evaluation-details">
        <Stack gap="sm">
          <Title order={2} size="h4" id="evaluation-details">
            {t('manage.details')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{evaluation.description}</Text>
          <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
            <Fact label={t('manage.type')}>{t(`type.${evaluation.type}`)}</Fact>
            <Fact label={t('manage.initial_date')}>{format.day(evaluation.initial_date)}</Fact>
            <Fact label={t('manage.deadline')}>{format.day(evaluation.deadline)}</Fact>
            {isDraft ? null : (
              <Fact label={t('manage.progress')}>
                {t('list.submitted_count', {
                  submitted: evaluation.submitted_count,
                  total: evaluation.members_count,
                })}
              </Fact>
            )}
            {evaluation.sent_at && <Fact label={t('manage.sent_at')}>{format.time(evaluation.sent_at)}</Fact>}
            {evaluation.closed_at && (
              <Fact label={t('manage.closed_at')}>{format.time(evaluation.closed_at)}</Fact>
            )}
          </SimpleGrid>
          {!isDraft && <DeadlineForm key={evaluation.deadline} evaluation={evaluation} />}
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="evaluation-questions">
          <Title order={2} size="h4" id="evaluation-questions" mb="sm">
            {t('manage.questions')}
          </Title>
          <List type="ordered" spacing="xs">
            {evaluation.questions.map((question) => (
              <List.Item key={question.id}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {question.text}
                  </Text>
                  <Badge size="xs" variant="light" color="gray" tt="none">
                    {t(question.kind === 'scale' ? 'form.kind_scale' : 'form.kind_text')}
                  </Badge>
                </Group>
              </List.Item>
            ))}
          </List>
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="evaluation-members">
          <Title order={2} size="h4" id="evaluation-members" mb="sm">
            {t('manage.members')}
          </Title>
          <Stack component="ul" gap={6} p={0} m={0} aria-labelledby="evaluation-members">
            {evaluation.members.map((member) => (
              <Group
                component="li"
                key={member.user_id}
                justify="space-between"
                gap="xs"
                wrap="nowrap"
                style={{ listStyle: 'none' }}
              >
                <Text size="sm" truncate>
                  {member.name}
                </Text>
                {!isDraft &&
                  showsSubmitters &&
                  (submitted.has(member.user_id) ? (
                    <Badge
                      color="teal"
                      variant="light"
                      tt="none"
                      leftSection={<IconCheck size={12} aria-hidden />}
                    >
                      {t('manage.submitted')}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" tt="none">
                      {t('manage.not_submitted')}
                    </Badge>
                  ))}
              </Group>
            ))}
          </Stack>
          {!isDraft && !showsSubmitters && (
            <Text size="sm" c="dimmed" mt="sm">
              {t('manage.submitters_hidden')}
            </Text>
          )}
        </Paper>
      </SimpleGrid>

      <ConfirmModal
        opened={confirming !== null}
        title={modal.title}
        text={modal.text}
        confirmLabel={modal.label}
        cancelLabel={t('cancel')}
        isPending={send.isPending || close.isPending || remove.isPending}
        isDestructive={modal.isDestructive}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </Page>
  );
}
