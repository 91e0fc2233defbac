import { Text, type TextProps } from '@mantine/core';
import { describeWhoVintages, type WhoVintage } from '@indicata/contracts';
import { useReaderLocale } from '../../lib/i18n.ts';

/**
 * How old the WHO data is ("WHO GHO export of 2018-07", "synced from the WHO API on ..."), in the page's
 * language, wherever WHO indicators are chosen or results built on them are shown. Nothing when unknown.
 */
export function WhoVintageText({ vintages, prefix, ...props }: { vintages: readonly WhoVintage[] | undefined; prefix?: string } & TextProps) {
  const locale = useReaderLocale();
  if (!vintages || vintages.length === 0) return null;
  const text = describeWhoVintages(vintages, locale);
  return (
    <Text size="sm" c="dimmed" data-testid="who-vintage" {...props}>
      {prefix ? `${prefix} ${text}` : text}
    </Text>
  );
}
