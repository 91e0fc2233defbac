import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isRuleAlgorithm, resultIndicatorNames, type AutoMLResults, type PredictionModel } from '@indicata/contracts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { predictCsv } from './predictApi.ts';
import { ModelSelect } from './ModelSelect.tsx';
import { PredictionResult } from './PredictionResult.tsx';

/**
 * "Predict new rows": a semicolon CSV file, or rows pasted as CSV text, sent to the prediction API with the
 * chosen model or another; the answer as a table and a CSV. A file lacking training columns gets the API's
 * message naming them. Nothing is stored.
 */
export function NewRowsPanel({ jobId, results }: { jobId: string; results: AutoMLResults }) {
  const { t } = useTranslation('results');
  const [model, setModel] = useState<PredictionModel>('chosen');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [empty, setEmpty] = useState(false);
  const [explain, setExplain] = useState(false);
  const predict = useMutation({ mutationFn: (input: { model: PredictionModel; csv: string; explain: boolean }) => predictCsv(jobId, input.model, input.csv, input.explain) });
  const labels = { space: results.labels?.space ?? 'space', time: results.labels?.time ?? 'time' };
  const names = useMemo(() => resultIndicatorNames(results), [results]);
  // Persistence and trend read no column but the place and year: say so, with a place written as the data writes it.
  const algorithm = model === 'chosen' ? results.best : model;
  const lookingUpRule = isRuleAlgorithm(algorithm) && algorithm !== 'Majority' ? algorithm : null;
  const example = lookingUpRule ? results.models[lookingUpRule]?.predictions.find((p) => p.space)?.space : undefined;

  const submit = async () => {
    const csv = file ? await file.text() : pasted;
    const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
    setEmpty(lines.length < 2);
    if (lines.length < 2) return;
    predict.mutate({ model, csv, explain });
  };

  return (
    <Stack gap="md" data-testid="new-rows-panel">
      <Text size="sm" c="dimmed">
        {t('predict.newIntro')}
      </Text>
      {lookingUpRule && example !== undefined && (
        <Text size="sm" data-testid="new-rows-rule">
          {t('predict.newRuleIntro', { rule: lookingUpRule, space: labels.space, time: labels.time, example })}
        </Text>
      )}
      <ModelSelect results={results} value={model} onChange={setModel} testId="new-rows-model" />
      <FileInput label={t('predict.file')} placeholder={t('predict.filePlaceholder')} accept=".csv,text/csv" value={file} onChange={setFile} clearable maw={420} data-testid="new-rows-file" />
      <Textarea
        label={t('predict.paste')}
        value={pasted}
        onChange={(event) => setPasted(event.currentTarget.value)}
        disabled={file !== null}
        autosize
        minRows={4}
        maxRows={12}
        styles={{ input: { fontFamily: 'monospace' } }}
        data-testid="new-rows-paste"
      />
      <Checkbox label={t('predict.explain')} checked={explain} onChange={(event) => setExplain(event.currentTarget.checked)} data-testid="new-rows-explain" />
      <Group>
        <Button onClick={() => void submit()} loading={predict.isPending} data-testid="new-rows-button">
          {t('predict.predictButton')}
        </Button>
      </Group>
      {empty && (
        <Alert color="yellow" variant="light" data-testid="new-rows-empty">
          {t('predict.emptyInput')}
        </Alert>
      )}
      {predict.isError && (
        <Alert color="red" variant="light" data-testid="new-rows-error">
          {t('predict.failed', { reason: apiErrorText(predict.error, t) })}
        </Alert>
      )}
      {predict.data && !predict.isPending && (
        <PredictionResult result={predict.data} labels={labels} fileName={`indicata-${jobId}-predictions-${predict.data.model}.csv`} testId="new-rows-result" names={names} />
      )}
    </Stack>
  );
}
