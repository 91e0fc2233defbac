import { useMemo } from 'react';
import { formatUpTo } from '@indicata/contracts';
import { useReaderLocale } from '../../../lib/i18n.ts';
import type { ValueFormat } from './options.ts';

/** Chart numbers with up to 4 decimals in the reader's decimal mark, as the tables beside the charts write them. */
export function useChartFormat(): ValueFormat {
  const locale = useReaderLocale();
  return useMemo(() => (value: number) => formatUpTo(value, 4, locale), [locale]);
}
