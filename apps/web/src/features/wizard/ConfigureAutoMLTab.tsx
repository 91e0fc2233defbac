import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Home's Configure AutoML tab (placeholder until the wizard lands). */
export default function ConfigureAutoMLTab() {
  const { t } = useTranslation();
  return <Text c="dimmed">{t('states.placeholder')}</Text>;
}
