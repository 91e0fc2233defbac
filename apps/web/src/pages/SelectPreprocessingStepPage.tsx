import { useTranslation } from 'react-i18next';
import { PREPROCESSING_STEPS } from '@indicata/contracts';
import { SelectItemsPage } from '../features/wizard/pages/SelectItemsPage.tsx';
import { applyWizard } from '../features/wizard/state.ts';
import { importSteps } from '../features/wizard/transitions.ts';

/** Route /selectpreprocessingstep: choose steps to add ("MissingData (Missing Data Analysis)" ...). */
export default function SelectPreprocessingStepPage() {
  const { t } = useTranslation('wizard');
  return (
    <SelectItemsPage
      title={t('common:routes.selectpreprocessingstep')}
      hint={t('select.stepsHint')}
      items={PREPROCESSING_STEPS}
      labelOf={(step) => `${step} (${t(`steps.${step}`)})`}
      importLabel={t('select.importSteps')}
      onImport={(steps) => applyWizard((state) => importSteps(state, steps))}
    />
  );
}
