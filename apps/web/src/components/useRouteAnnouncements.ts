import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * On every route change: the document title names the screen (from common:routes.<first path segment>), and
 * keyboard and screen-reader focus moves to the main region instead of being lost on the removed link.
 */
export function useRouteAnnouncements(mainId: string, fallbackKey: string): void {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    const segment = pathname.split('/')[1] || fallbackKey;
    const key = `routes.${segment}`;
    const screen = i18n.exists(key, { ns: 'common' }) ? t(key) : '';
    document.title = screen ? `${screen} · ${t('appName')}` : t('appName');
  }, [pathname, fallbackKey, t, i18n]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, mainId]);
}
