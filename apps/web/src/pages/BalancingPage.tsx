import { useTranslation } from 'react-i18next';
import { BALANCE_ALGORITHMS, WHO_ONLY_BALANCE_ALGORITHMS } from '@indicata/contracts';
import { PREPROCESSING_PARAM_KEYS } from '../features/wizard/build-job-data.ts';
import { SettingsPage } from '../features/wizard/pages/SettingsPage.tsx';
import { useWizard } from '../features/wizard/state.ts';

/** Route /balanceamento: the balancing algorithm; the spatial ones only for the WHO database. */
export default function BalancingPage() {
  const { t } = useTranslation('wizard');
  const { state } = useWizard();
  const options = BALANCE_ALGORITHMS.filter((option) => state.useWho || !WHO_ONLY_BALANCE_ALGORITHMS.includes(option));
  return (
    <SettingsPage
      page="Sampling"
      title={t('common:routes.balanceamento')}
      intro={state.useWho ? t('balancing.intro') : `${t('balancing.intro')} ${t('balancing.whoOnly')}`}
      toggleLabel={t('auto')}
      savedMessage="balancingSaved"
      fields={[
        {
          key: PREPROCESSING_PARAM_KEYS.Sampling.balance,
          label: t('balancing.algorithm'),
          control: { type: 'select', options: options.map((option) => ({ value: option, label: t(`balancing.options.${option}`) })) },
        },
      ]}
    />
  );
}
