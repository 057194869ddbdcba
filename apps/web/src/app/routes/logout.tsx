import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/api/sign-out';
import { RouteFallback } from '../app-layout';

/** /logout: signs this client out on the server, wipes the stored session, goes to login. */
export default function LogoutRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    let isCurrent = true;
    void signOut().then(() => {
      if (isCurrent) navigate('/login', { replace: true });
    });
    return () => {
      isCurrent = false;
    };
  }, [navigate]);
  return <RouteFallback />;
}
