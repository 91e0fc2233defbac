import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import UploadCsvForm from '../features/uploads/UploadCsvForm.tsx';
import UploadList from '../features/uploads/UploadList.tsx';

/** Route /uploadcsv: import a database (CSV upload). */
export default function UploadCsvPage() {
  const { t } = useTranslation('uploads');
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
      <UploadCsvForm />
      <Divider />
      <UploadList />
    </Stack>
  );
}
