import type { ReportLocale } from './report.ts';

/**
 * Numbers as the reader writes them, one way for the page, the built-in report, the e-mail and the assistant: the
 * locale's decimal mark ("0.85" in English, "0,85" in Portuguese) and no thousands separators (a table cell, a
 * sentence and the assistant's number check all read the same digits). CSV downloads keep the point: they are read
 * by programs. Formatters are built once per locale and digit count.
 */

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: ReportLocale, minDigits: number, maxDigits: number): Intl.NumberFormat {
  const key = `${locale}|${minDigits}|${maxDigits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits, useGrouping: false });
    formatters.set(key, format);
  }
  return format;
}

/**
 * A number with exactly `digits` decimals ("0.8500" / "0,8500").
 * @param value a finite number
 * @param digits decimals
 * @param locale the reader's language
 */
export function formatFixed(value: number, digits: number, locale: ReportLocale = 'en'): string {
  return formatter(locale, digits, digits).format(value);
}

/**
 * A number with at most `digits` decimals, trailing zeros dropped ("12.5" / "12,5").
 * @param value a finite number
 * @param digits most decimals
 * @param locale the reader's language
 */
export function formatUpTo(value: number, digits: number, locale: ReportLocale = 'en'): string {
  return formatter(locale, 0, digits).format(value);
}

/**
 * A fraction 0..1 as a percentage with `digits` decimals ("85.00%" / "85,00%").
 * @param fraction the share
 * @param digits decimals of the percentage
 * @param locale the reader's language
 */
export function formatPercentage(fraction: number, digits: number, locale: ReportLocale = 'en'): string {
  return `${formatFixed(fraction * 100, digits, locale)}%`;
}
