import { useTranslation } from 'react-i18next';
import { IMPUTATION_OPTIONS, MISSING_DATA_REMOVAL_OPTIONS } from '@indicata/contracts';
import { PREPROCESSING_PARAM_KEYS } from '../features/wizard/build-job-data.ts';
import { SettingsPage } from '../features/wizard/pages/SettingsPage.tsx';

const KEYS = PREPROCESSING_PARAM_KEYS.MissingData;

/** Route /dadosausentes: remove attributes with missing data, and imputation. */
export default function MissingDataPage() {
  const { t } = useTranslation('wizard');
  return (
    <SettingsPage
      page="MissingData"
      title={t('common:routes.dadosausentes')}
      intro={t('missing.intro')}
      toggleLabel={t('auto')}
      savedMessage="missingDataSaved"
      fields={[
        {
          key: KEYS.removal,
          label: t('missing.removal'),
          control: {
            type: 'select',
            options: MISSING_DATA_REMOVAL_OPTIONS.map((option) => ({
              value: String(option),
              label: option === 'No' ? t('missing.removalNo') : t('missing.removalMore', { percent: option }),
            })),
          },
        },
        {
          key: KEYS.imputation,
          label: t('missing.imputation'),
          control: { type: 'select', options: IMPUTATION_OPTIONS.map((option) => ({ value: option, label: t(`missing.${option}`) })) },
        },
      ]}
    />
  );
}
