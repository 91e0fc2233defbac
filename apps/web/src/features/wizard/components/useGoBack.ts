import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * "Back" of the wizard pages: one step back in the history, or to the Configure tab when the page was
 * opened directly (a reload or a bookmark has no previous page inside the app).
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/home?tab=configure');
  }, [navigate]);
}
