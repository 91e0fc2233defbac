import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A route's heading and a way back, for screens whose owners have not filled them yet. */
export function RoutePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/home" size="sm" w="fit-content">
        ← {t('actions.back')}
      </Anchor>
      <Title order={1}>{t(`routes.${titleKey}`)}</Title>
      <Text c="dimmed">{t('states.placeholder')}</Text>
    </Stack>
  );
}
