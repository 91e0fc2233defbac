import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from './Brand.tsx';
import { ContactLine } from './ContactLine.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LeftMenu } from './LeftMenu.tsx';
import { LiveUpdates } from './LiveUpdates.tsx';
import { useRouteAnnouncements } from './useRouteAnnouncements.ts';
import classes from './AppLayout.module.css';

/** The frame of every signed-in screen: header, left menu (a drawer on narrow windows), content, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const [menuOpen, { toggle, close }] = useDisclosure(false);
  useRouteAnnouncements('main-content', 'home');

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpen } }}
      padding="lg"
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={menuOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('menu.open')} aria-expanded={menuOpen} />
            <Brand />
          </Group>
          <Group gap="md" wrap="nowrap">
            <Box visibleFrom="md">
              <LiveUpdates />
            </Box>
            <LanguageSwitch />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md">
        <LeftMenu onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <Box className={classes.content}>
          <Outlet />
        </Box>
        <Box component="footer" className={classes.footer}>
          <ContactLine />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
