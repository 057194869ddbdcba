import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTermsAcceptance } from '../features/terms/api/get-terms-acceptance';
import { termsKeys } from '../features/terms/api/keys';
import { clearTermsRequired, useTermsRequiredFlag } from '../lib/terms-required-flag';
import { RouteFallback } from './app-layout';
import { lazyTranslated } from './lazy-translated';

const AcceptTermsScreen = lazyTranslated(() => import('../features/terms/components/accept-terms-screen'));

/**
 * The signed-in part of the app: the accept-terms screen instead of `children` while the current
 * terms are not accepted — known right after sign-in (GET /api/terms/acceptance) or from any call
 * the server refused with TERMS_ACCEPTANCE_REQUIRED (lib/terms-required-flag.ts). The page renders
 * while the standing loads, so a reader with nothing to accept waits for nothing.
 */
export function TermsGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const acceptance = useTermsAcceptance(true);
  const isFlagged = useTermsRequiredFlag();
  useEffect(() => {
    if (isFlagged) void queryClient.invalidateQueries({ queryKey: termsKeys.all });
  }, [isFlagged, queryClient]);
  // Signing out (this unmounts) forgets the refusal: the next account has its own standing.
  useEffect(() => clearTermsRequired, []);
  if (!isFlagged && !acceptance.data?.required) return children;
  return (
    <Suspense fallback={<RouteFallback />}>
      <AcceptTermsScreen />
    </Suspense>
  );
}
