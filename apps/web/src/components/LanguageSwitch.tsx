import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@indicata/contracts';
import { changeLanguage, isLanguage } from '../lib/i18n.ts';

/** Language choice (English / Português), remembered in local storage. */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      size={size}
      aria-label={t('language.label')}
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) void changeLanguage(value);
      }}
      data={SUPPORTED_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      // As wide as its longest language name: a fixed phone width cut "Português (Brasil)" short.
      w={{ base: 'auto', sm: 170 }}
    />
  );
}
