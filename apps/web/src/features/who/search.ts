import type { WhoIndicator } from '@indicata/contracts';

/** A catalog entry, maybe with WHO's own title beside a translated one (`LocalWhoIndicator`). */
type Searchable = WhoIndicator & { catalogTitle?: string };

/** Lower-case text without accents, so "saude" finds "Saúde". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * Indicators whose code or title (translated or WHO's own) contains every word of the query (any order, case and
 * accents ignored).
 * @param indicators the catalog
 * @param query what the user typed
 */
export function searchIndicators<T extends Searchable>(indicators: T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return indicators;
  return indicators.filter((indicator) => {
    const haystack = fold(`${indicator.code} ${indicator.indicator} ${indicator.catalogTitle ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** "2000–2016" for a contiguous list, "2003, 2005, 2008" for up to four scattered years, else "1990–2016 (17)". */
export function describeYears(years: number[]): string {
  if (years.length === 0) return '';
  const first = years[0];
  const last = years[years.length - 1];
  if (years.length === 1) return String(first);
  if (last - first + 1 === years.length) return `${first}–${last}`;
  if (years.length <= 4) return years.join(', ');
  return `${first}–${last} (${years.length})`;
}

/** A selection toggled for one code, keeping the catalog's order stable. */
export function toggleCode(selected: string[], code: string): string[] {
  return selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code];
}
