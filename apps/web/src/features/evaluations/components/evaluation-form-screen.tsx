import { Paper } from '@mantine/core';
import { localToday } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { useEvaluation } from '../api/get-evaluation';
import { useEvaluations } from '../api/get-evaluations';
import { evaluationRoutes } from '../paths';
import type { EvaluationFormMember } from '../hooks/use-evaluation-form';
import { EvaluationForm } from './evaluation-form';
import { BackToList, EvaluationMissing } from './evaluation-missing';

interface EvaluationFormScreenProps {
  projectId: string;
  /** The project's current members. */
  members: EvaluationFormMember[];
  /** Edits this draft (0: a new one). */
  evaluationId?: number;
}

/** /project/:id/evaluations/new and /project/:id/evaluations/:evaluation_id/edit */
export function EvaluationFormScreen({ projectId, members, evaluationId = 0 }: EvaluationFormScreenProps) {
  const { t } = useTranslation('evaluations');
  const navigate = useNavigate();
  const routes = evaluationRoutes(projectId);
  const list = useEvaluations(projectId);
  const existing = useEvaluation(evaluationId);
  const isEdit = evaluationId > 0;

  const isOwn = existing.data?.project_id === Number(projectId);
  // A sent one cannot be edited: its management page says what can still change.
  if (isEdit && isOwn && existing.data?.status !== 'draft')
    return <Navigate to={routes.manage(evaluationId)} replace />;
  if (isEdit && !isOwn) {
    return <EvaluationMissing listPath={routes.list} isPending={existing.isPending} error={existing.error} />;
  }
  if (!isEdit && list.isPending) return <EvaluationMissing listPath={routes.list} isPending error={null} />;

  // The project's today; the browser's while the list (which brings it) is not in yet.
  const today = list.data?.today ?? localToday();
  const title = t(isEdit ? 'form.edit_title' : 'form.new_title');
  return (
    <Page title={title}>
      <BackToList to={isEdit ? routes.manage(evaluationId) : routes.list} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={760} w="100%">
        <EvaluationForm
          projectId={projectId}
          members={members}
          defaultMemberIds={list.data?.default_member_ids}
          today={today}
          evaluation={existing.data}
          onDone={(saved) => void navigate(routes.manage(saved.id))}
          onCancel={() => void navigate(isEdit ? routes.manage(evaluationId) : routes.list)}
        />
      </Paper>
    </Page>
  );
}
