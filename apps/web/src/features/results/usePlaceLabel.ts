import { useTranslation } from 'react-i18next';

/** A place or time column's header in words (countryName -> "Country"); a CSV's own column names as they are. */
export function usePlaceLabel(): (column: string) => string {
  const { t, i18n } = useTranslation('results');
  return (column) => (i18n.exists(`results:tables.places.${column}`) ? t(`tables.places.${column}`) : column);
}
