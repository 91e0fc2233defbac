import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import WhoCatalog from '../features/who/WhoCatalog.tsx';

/** Route /whoimport: search the WHO catalog and choose the indicators a job may use. */
export default function WhoImportPage() {
  const { t } = useTranslation('who');
  const navigate = useNavigate();
  return (
    <Stack gap="lg">
      <Group>
        <Button variant="default" onClick={() => navigate(-1)}>
          {t('page.back')}
        </Button>
      </Group>
      <Title order={1}>{t('page.title')}</Title>
      <Text maw={820}>{t('page.intro')}</Text>
      <WhoCatalog />
    </Stack>
  );
}
