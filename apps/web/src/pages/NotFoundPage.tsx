import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Any address outside the route table. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1}>{t('states.notFound')}</Title>
        <Text c="dimmed">{t('states.notFoundHint')}</Text>
        <Button component={Link} to="/">
          {t('states.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
