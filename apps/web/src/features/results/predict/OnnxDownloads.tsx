import { Anchor, Code, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AutoMLResults } from '@indicata/contracts';
import { modelsInOrder } from '../resultsView.ts';
import { onnxUrl } from './predictApi.ts';

/** The five lines of docs/api.md that run a downloaded file with Python's onnxruntime. */
export const ONNX_PYTHON_EXAMPLE = [
  'import json, numpy as np, onnxruntime as ort',
  'session = ort.InferenceSession("model{algorithm}.onnx")',
  'features = json.loads(session.get_modelmeta().custom_metadata_map["features"])',
  'X = np.array([[row.get(f, np.nan) for f in features] for row in rows], dtype=np.float64)',
  'labels, indices, probabilities = session.run(None, {"X": X})',
].join('\n');

/** "ONNX files": a download link per family (and the ensemble), which runtimes read them, and a Python example. */
export function OnnxDownloads({ jobId, results }: { jobId: string; results: AutoMLResults }) {
  const { t } = useTranslation('results');
  const algorithms = modelsInOrder(results).map((m) => m.algorithm);
  const example = results.best ?? algorithms[0] ?? 'RF';
  return (
    <Stack gap="sm" data-testid="onnx-downloads">
      <Text size="sm">{t('predict.onnxIntro')}</Text>
      <List size="sm">
        {algorithms.map((algorithm) => (
          <List.Item key={algorithm}>
            <Anchor href={onnxUrl(jobId, algorithm)} download={`model${algorithm}.onnx`} data-testid={`onnx-${algorithm}`}>
              {t('predict.onnxFile', { algorithm })}
            </Anchor>
            {algorithm === results.best && ` (${t('predict.onnxRecommended')})`}
          </List.Item>
        ))}
      </List>
      <Text size="sm">{t('predict.onnxExample')}</Text>
      <Code block data-testid="onnx-example">
        {ONNX_PYTHON_EXAMPLE.replace('{algorithm}', example)}
      </Code>
    </Stack>
  );
}
