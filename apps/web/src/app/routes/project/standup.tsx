import { useParams } from 'react-router';
import { StandupScreen } from '../../../features/standups/components/standup-screen';

/** /project/:id/standupreports/:lesson_id (the SPEC names the stand-up id lesson_id). */
export default function StandupRoute() {
  const { id = '', lesson_id: standupId = '' } = useParams();
  return (
    <StandupScreen
      key={standupId}
      projectId={id}
      standupId={/^\d+$/.test(standupId) ? Number(standupId) : 0}
    />
  );
}
