import { lazy, Suspense } from 'react';
import { Alert, Loader, Center, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isDemoUser, useCurrentUser } from '../features/auth/useCurrentUser.ts';
import { TutorialCarousel } from '../features/tutorial/TutorialCarousel.tsx';

const ConfigureAutoMLTab = lazy(() => import('../features/wizard/ConfigureAutoMLTab.tsx'));
const ResultsTab = lazy(() => import('../features/results/ResultsTab.tsx'));

export const HOME_TABS = ['configure', 'results'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

function isHomeTab(value: string | null): value is HomeTab {
  return value !== null && (HOME_TABS as readonly string[]).includes(value);
}

/** Route /home: the tutorial and the Configure AutoML / Results tabs; `?tab=results` opens Results. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const demo = isDemoUser(user);
  const requested = params.get('tab');
  // The demo viewer opens on Results: it has no jobs of its own to configure.
  const tab: HomeTab = isHomeTab(requested) ? requested : demo ? 'results' : 'configure';

  const selectTab = (value: string | null) => {
    if (!isHomeTab(value)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  const tabFallback = (
    <Center py="xl" role="status">
      <Loader size="sm" aria-label={t('common:states.loading')} />
    </Center>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        {user && (
          <Text c="dimmed" mt={4}>
            {t('welcome', { name: user.firstName })}
          </Text>
        )}
      </div>
      {demo && (
        <Alert color="grape" variant="light">
          {t('demoNotice')}
        </Alert>
      )}
      <TutorialCarousel />
      <Tabs value={tab} onChange={selectTab} keepMounted={false} variant="outline" radius="md">
        <Tabs.List aria-label={t('tabsLabel')}>
          <Tabs.Tab value="configure">{t('tabs.configure')}</Tabs.Tab>
          <Tabs.Tab value="results">{t('tabs.results')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="configure" pt="lg">
          <Suspense fallback={tabFallback}>
            <ConfigureAutoMLTab />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="results" pt="lg">
          <Suspense fallback={tabFallback}>
            <ResultsTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
