import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PREDICTION_MODELS, type AutoMLResults, type PredictionModel } from '@indicata/contracts';
import { modelsInOrder } from '../resultsView.ts';

/** The models a job can predict with: its chosen one first, then every family (and the ensemble) it trained. */
export function predictionModelOptions(results: AutoMLResults): PredictionModel[] {
  const trained = new Set<string>(modelsInOrder(results).map((m) => m.algorithm));
  return PREDICTION_MODELS.filter((m) => m === 'chosen' || trained.has(m));
}

/** "Model": the chosen one by default, or any family / the ensemble of the job. */
export function ModelSelect({ results, value, onChange, testId }: { results: AutoMLResults; value: PredictionModel; onChange: (model: PredictionModel) => void; testId: string }) {
  const { t } = useTranslation('results');
  const data = predictionModelOptions(results).map((m) => ({ value: m, label: m === 'chosen' ? t('predict.chosenModel', { algorithm: results.best }) : m }));
  return (
    <Select
      label={t('predict.model')}
      data={data}
      value={value}
      onChange={(next) => next && onChange(next as PredictionModel)}
      allowDeselect={false}
      maw={280}
      data-testid={testId}
    />
  );
}
