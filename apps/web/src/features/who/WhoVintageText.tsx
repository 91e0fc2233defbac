import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeWhoVintages, type WhoVintage } from '@indicata/contracts';

/**
 * How old the WHO data is ("WHO GHO export of 2018-07", "synced from the WHO API on ..."), in the page's
 * language, wherever WHO indicators are chosen or results built on them are shown. Nothing when unknown.
 */
export function WhoVintageText({ vintages, prefix, ...props }: { vintages: readonly WhoVintage[] | undefined; prefix?: string } & TextProps) {
  const { i18n } = useTranslation();
  if (!vintages || vintages.length === 0) return null;
  const text = describeWhoVintages(vintages, i18n.language === 'pt-BR' ? 'pt-BR' : 'en');
  return (
    <Text size="sm" c="dimmed" data-testid="who-vintage" {...props}>
      {prefix ? `${prefix} ${text}` : text}
    </Text>
  );
}
