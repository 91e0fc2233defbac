import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Shown when a route fails to render or its code cannot load (e.g. after a deploy): offer a reload. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error('Route failed', error);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center" role="alert">
        <Title order={1} size="h2">
          {notFound ? t('states.notFound') : t('states.pageLoadFailed')}
        </Title>
        <Text c="dimmed">{notFound ? t('states.notFoundHint') : t('states.pageLoadFailedHint')}</Text>
        {notFound ? (
          <Button component={Link} to="/home">
            {t('states.goHome')}
          </Button>
        ) : (
          <Button onClick={() => window.location.reload()}>{t('states.reload')}</Button>
        )}
      </Stack>
    </Center>
  );
}
