import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AutoMLResults } from '@indicata/contracts';
import { GapsPanel } from './GapsPanel.tsx';
import { NewRowsPanel } from './NewRowsPanel.tsx';
import { OnnxDownloads } from './OnnxDownloads.tsx';

/** "Use the model" on a finished job's results: predict its missing values, predict new rows, download ONNX files. */
export function UseModelSection({ jobId, results, showMap = false }: { jobId: string; results: AutoMLResults; showMap?: boolean }) {
  const { t } = useTranslation('results');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('predict.heading')} data-testid="use-model">
      <Stack gap="sm">
        <Title order={3}>{t('predict.heading')}</Title>
        <Text size="sm" c="dimmed">
          {t('predict.intro')}
        </Text>
        <Tabs defaultValue="gaps" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="gaps" data-testid="tab-gaps">
              {t('predict.tabGaps')}
            </Tabs.Tab>
            <Tabs.Tab value="new" data-testid="tab-new-rows">
              {t('predict.tabNew')}
            </Tabs.Tab>
            <Tabs.Tab value="onnx" data-testid="tab-onnx">
              {t('predict.tabOnnx')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="gaps" pt="md">
            <GapsPanel jobId={jobId} results={results} showMap={showMap} />
          </Tabs.Panel>
          <Tabs.Panel value="new" pt="md">
            <NewRowsPanel jobId={jobId} results={results} />
          </Tabs.Panel>
          <Tabs.Panel value="onnx" pt="md">
            <OnnxDownloads jobId={jobId} results={results} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Paper>
  );
}
