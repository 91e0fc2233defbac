import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import type { UploadRecord } from '@indicata/contracts';
import { chooseUpload, useWizard } from '../wizard/state.ts';
import { useUploadList } from './api.ts';

/** The caller's earlier uploads, each usable again as the data source without uploading it twice. */
export default function UploadList() {
  const { t } = useTranslation('uploads');
  const navigate = useNavigate();
  const { state } = useWizard();
  const list = useUploadList();
  if (!list.data) return null;

  const use = async (id: string) => {
    const record = await api.get<UploadRecord>(`/api/uploads/${encodeURIComponent(id)}`);
    chooseUpload({
      uploadId: record.id,
      database: record.storedName,
      regionDimension: record.selectedRegionColumn,
      timeDimension: record.selectedYearColumn,
      fileName: record.fileName,
    });
    navigate('/home');
  };

  return (
    <Stack gap="xs" maw={980}>
      <Title order={2} size="h4">
        {t('list.title')}
      </Title>
      {list.data.length === 0 && <Text size="sm">{t('list.empty')}</Text>}
      {list.data.map((item) => (
        <Paper key={item.id} withBorder p="xs" radius="sm">
          <Group justify="space-between">
            <Stack gap={0}>
              <Text fw={600}>{item.fileName}</Text>
              <Text size="xs" c="dimmed">
                {new Date(item.createdAt).toLocaleString('en-CA', { hour12: false })} · {t('list.rows', { rows: item.rowCount })} · {item.selectedRegionColumn} / {item.selectedYearColumn}
              </Text>
            </Stack>
            {state.uploadId === item.id ? (
              <Badge>{t('list.chosen')}</Badge>
            ) : (
              <Button size="xs" variant="default" onClick={() => void use(item.id)}>
                {t('list.use')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
