import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from './useCurrentUser.ts';
import { FullPageLoader } from '../../components/FullPageLoader.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { apiErrorText } from '../../lib/api-error-text.ts';

/**
 * Guard for signed-in screens: renders its children (or the nested route) for a signed-in user,
 * the demo viewer included, and sends everyone else to /.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: user, isPending, isError, error, refetch } = useCurrentUser();

  // A background re-check that fails (server briefly down) keeps the signed-in screen as it is.
  if (user) return children ?? <Outlet />;
  if (isPending) return <FullPageLoader label={t('states.checkingSession')} />;
  if (isError) {
    return <ErrorState title={t('states.pageLoadFailed')} message={apiErrorText(error, t)} onRetry={() => void refetch()} fullPage />;
  }
  return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;
}
