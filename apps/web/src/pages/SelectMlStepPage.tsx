import { useTranslation } from 'react-i18next';
import type { ModelFamily } from '@indicata/contracts';
import { SelectItemsPage } from '../features/wizard/pages/SelectItemsPage.tsx';
import { applyWizard } from '../features/wizard/state.ts';
import { importModels } from '../features/wizard/transitions.ts';

/** The spec's checkbox order on this page. */
const MODEL_CHOICES: readonly ModelFamily[] = ['ANN', 'DT', 'RF', 'KNN', 'SVM'];

/** Route /selectmlstep: choose models to add ("ANN (Artificial Neural Networks)", "DT (Decision Tree)" ...). */
export default function SelectMlStepPage() {
  const { t } = useTranslation('wizard');
  return (
    <SelectItemsPage
      title={t('common:routes.selectmlstep')}
      hint={t('select.modelsHint')}
      items={MODEL_CHOICES}
      labelOf={(model) => (model === 'KNN' || model === 'SVM' ? model : `${model} (${t(`models.${model}`)})`)}
      importLabel={t('select.importAlgorithms')}
      onImport={(models) => applyWizard((state) => importModels(state, models))}
    />
  );
}
