import { formatFixed, formatPercentage } from '@indicata/contracts';
import { readerLocale } from '../../lib/i18n.ts';

/**
 * Number, date and label formats of the results views (spec sections 2 and 9). Numbers carry the reader's decimal
 * mark (contracts number-format.ts); a component that formats re-renders on a language switch through its
 * useTranslation.
 */

/** A number with `digits` decimals in the reader's language ("0.8500" / "0,8500"). */
export function formatDecimal(value: number, digits: number): string {
  return formatFixed(value, digits, readerLocale());
}

/** Integers as they are, other finite numbers with 4 decimals; text as is; nothing for null. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return String(value);
    return Number.isInteger(value) ? String(value) : formatDecimal(value, 4);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(formatCell).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key}: ${formatCell(inner)}`)
      .join(', ');
  }
  return String(value);
}

/** Hyperparameters as "name: value" pairs, with scikit-learn's None for null. */
export function formatParams(params: unknown): string {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return formatCell(params);
  return Object.entries(params as Record<string, unknown>)
    .map(([name, value]) => `${name}: ${value === null ? 'None' : formatCell(value)}`)
    .join(', ');
}

/** Accuracy of the per-request table: a fraction shown as a percentage with 2 decimals. */
export function formatPercent(fraction: unknown): string {
  if (typeof fraction !== 'number' || !Number.isFinite(fraction)) return formatCell(fraction);
  return formatPercentage(fraction, 2, readerLocale());
}

const dateParts = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * A job's date in en-CA layout with a 24-hour clock: "2026-11-22 14:05".
 * Takes an ISO time (shown in the viewer's time zone) or the stored local "YYYY-MM-DD HH:mm:ss.SSS".
 */
export function formatJobDate(isoOrLocal: string): string {
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(isoOrLocal);
  if (local) return `${local[1]} ${local[2]}`;
  const date = new Date(isoOrLocal);
  if (Number.isNaN(date.getTime())) return isoOrLocal;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dateParts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/**
 * The Database column: "WHO" when none is recorded; an upload's stored name without its first
 * underscore-separated segment (the storage timestamp): "1700000000000_my_data.csv" -> "my_data.csv".
 */
export function databaseLabel(database: string | null | undefined): string {
  if (!database || database === 'WHO') return 'WHO';
  const cut = database.indexOf('_');
  return cut < 0 ? database : database.slice(cut + 1);
}

/**
 * A prediction set in words: "3", "3 or 4", "2, 3 or 4" (the word for "or" in the page's language); a dash for an
 * empty set and nothing when the row has no set (results from before prediction sets).
 */
export function formatSet(titles: readonly string[] | null | undefined, or: string): string {
  if (!Array.isArray(titles)) return '';
  if (titles.length === 0) return '—';
  if (titles.length === 1) return titles[0];
  return `${titles.slice(0, -1).join(', ')} ${or} ${titles[titles.length - 1]}`;
}
