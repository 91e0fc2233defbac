import type { ReportLocale } from '@indicata/contracts';
import { escapeHtml } from '../sanitize.ts';

/** Numbers as people of the locale write them ("0.905" / "0,905"), without thousands separators (the number check reads both). */
export function formatNumber(value: number, locale: ReportLocale, decimals?: number): string {
  const abs = Math.abs(value);
  const digits = decimals ?? (abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 1 ? 2 : 3);
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0, useGrouping: false }).format(value);
}

/** A correlation coefficient: always three decimals. */
export function formatR(value: number | null, locale: ReportLocale): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: false }).format(value);
}

/** A share 0..1 as a percentage with one decimal ("12.5%" / "12,5%"). */
export function formatShare(share: number, locale: ReportLocale): string {
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(share * 100)}%`;
}

/** A small HTML table (escaped). */
export function htmlTable(header: string[], rows: (string | number)[][]): string {
  const head = `<thead><tr>${header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`;
  const body = `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(String(c))}</td>`).join('')}</tr>`).join('')}</tbody>`;
  return `<table>${head}${body}</table>`;
}
