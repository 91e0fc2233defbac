import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { archiveUrl } from '../resultsApi.ts';

/**
 * "Download models": one zip from the server with every model (the ensemble included), the results JSON,
 * the predictions as CSV and a README. A plain link, so the browser streams it to disk with the session cookie.
 */
export function DownloadModelsButton({ jobId }: { jobId: string }) {
  const { t } = useTranslation('results');
  return (
    <Stack gap={4} maw={320} data-testid="download-models">
      <Button component="a" href={archiveUrl(jobId)} download={`indicata-${jobId}.zip`} variant="filled">
        {t('download.button')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('download.note')}
      </Text>
    </Stack>
  );
}
