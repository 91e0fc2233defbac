import { formatFixed, formatPercentage, formatUpTo, type ReportLocale } from '@indicata/contracts';
import { escapeHtml } from '../sanitize.ts';

/** Numbers as people of the locale write them ("0.905" / "0,905"), without thousands separators (the number check reads both). */
export function formatNumber(value: number, locale: ReportLocale, decimals?: number): string {
  const abs = Math.abs(value);
  const digits = decimals ?? (abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 1 ? 2 : 3);
  return formatUpTo(value, digits, locale);
}

/** A correlation coefficient: always three decimals. */
export function formatR(value: number | null, locale: ReportLocale): string {
  if (value === null) return '—';
  return formatFixed(value, 3, locale);
}

/** A share 0..1 as a percentage with one decimal ("12.5%" / "12,5%"). */
export function formatShare(share: number, locale: ReportLocale): string {
  return formatPercentage(share, 1, locale);
}

/** A small HTML table (escaped). */
export function htmlTable(header: string[], rows: (string | number)[][]): string {
  const head = `<thead><tr>${header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`;
  const body = `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(String(c))}</td>`).join('')}</tr>`).join('')}</tbody>`;
  return `<table>${head}${body}</table>`;
}
