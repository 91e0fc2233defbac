import { useTranslation } from 'react-i18next';
import { OUTLIER_QUANTILE_PAIRS } from '@indicata/contracts';
import { PREPROCESSING_PARAM_KEYS } from '../features/wizard/build-job-data.ts';
import { SettingsPage } from '../features/wizard/pages/SettingsPage.tsx';

/** Route /outliers: the IQR quantile pair (or none). */
export default function OutliersPage() {
  const { t } = useTranslation('wizard');
  return (
    <SettingsPage
      page="Outliers"
      title={t('common:routes.outliers')}
      intro={t('outliers.intro')}
      toggleLabel={t('auto')}
      savedMessage="outliersSaved"
      fields={[
        {
          key: PREPROCESSING_PARAM_KEYS.Outliers.iqr,
          label: t('outliers.iqr'),
          control: {
            type: 'select',
            options: [
              { value: 'none', label: t('outliers.none') },
              ...OUTLIER_QUANTILE_PAIRS.map(([low, high]) => ({ value: `${low}/${high}`, label: t('outliers.pair', { low, high }) })),
            ],
          },
        },
      ]}
    />
  );
}
