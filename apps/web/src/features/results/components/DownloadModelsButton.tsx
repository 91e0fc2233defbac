import { useState } from 'react';
import { Button, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { notify } from '../../../lib/notify.tsx';
import { saveBlob } from '../../../lib/save-file.ts';
import { archiveUrl } from '../resultsApi.ts';

/**
 * "Download models" with its progress bar: one zip from the server with every model (the ensemble included), the
 * results JSON, the predictions as CSV and a README. The zip is read chunk by chunk so the bar follows the bytes
 * received, then handed to the browser as a file; a failure says why and leaves the button ready to try again.
 */
export function DownloadModelsButton({ jobId }: { jobId: string }) {
  const { t } = useTranslation('results');
  const [progress, setProgress] = useState<number | null>(null);

  const download = async () => {
    setProgress(0);
    try {
      const zip = await api.download(archiveUrl(jobId), setProgress);
      saveBlob(`indicata-${jobId}.zip`, zip);
    } catch (error) {
      notify.error(apiErrorText(error, t));
    } finally {
      setProgress(null);
    }
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <Stack gap={4} maw={320} data-testid="download-models">
      <Button onClick={() => void download()} loading={progress !== null} variant="filled">
        {t('download.button')}
      </Button>
      {progress !== null && <Progress value={percent} aria-label={t('download.progress', { percent })} data-testid="download-progress" />}
      <Text size="xs" c="dimmed">
        {t('download.note')}
      </Text>
    </Stack>
  );
}
