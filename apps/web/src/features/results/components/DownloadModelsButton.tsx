import { useState } from 'react';
import { Button, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadModels, saveBlobAsFile, type DownloadOutcome } from '../downloadModels.ts';
import { fetchModelFile, fetchModelList } from '../resultsApi.ts';

/**
 * "Download models": fetches modelDT, modelRF, modelKNN, modelSVM and modelANN one by one, each saved as
 * its own browser download; the bar advances after every file and a missing file is skipped.
 */
export function DownloadModelsButton({ jobId }: { jobId: string }) {
  const { t } = useTranslation('results');
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<DownloadOutcome | null>(null);
  const busy = progress !== null && progress < 1;

  const start = async () => {
    setOutcome(null);
    setProgress(0);
    let listed: Awaited<ReturnType<typeof fetchModelList>> = [];
    try {
      listed = await fetchModelList(jobId);
    } catch (error) {
      console.warn('Could not list the model files; trying the usual names', error);
    }
    const result = await downloadModels({
      listed,
      fetchFile: (file) => fetchModelFile(jobId, file),
      save: saveBlobAsFile,
      onProgress: setProgress,
    });
    setOutcome(result);
  };

  const notAvailable = outcome ? [...outcome.missing, ...outcome.failed] : [];
  return (
    <Stack gap={6} miw={220} data-testid="download-models">
      <Button onClick={() => void start()} loading={busy} variant="filled">
        {t('download.button')}
      </Button>
      {progress !== null && (
        <Progress value={Math.round(progress * 100)} size="sm" aria-label={t('download.progress')} data-progress={progress} />
      )}
      {outcome && (
        <Text size="xs" c="dimmed" role="status">
          {t('download.done', { saved: outcome.saved.length })}
          {notAvailable.length > 0 && ` ${t('download.missing', { files: notAvailable.join(', ') })}`}
        </Text>
      )}
    </Stack>
  );
}
