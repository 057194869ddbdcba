import { useParams, useSearchParams } from 'react-router';
import { GithubCallback } from '../../features/code-hosting/components/github-callback';
import { useSession } from '../../lib/session';
import { LoginScreen } from './login';

/** /github/:id — GitHub's OAuth answer for a repository of project `:id`. */
export default function GithubRoute() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const session = useSession();
  // The exchange is the owner's own request: signed out, the login screen comes first, at this
  // same address, so GitHub's answer is still there once signed in.
  if (session === null) return <LoginScreen />;
  return (
    <GithubCallback
      projectId={id}
      code={params.get('code')}
      state={params.get('state')}
      error={params.get('error')}
    />
  );
}
