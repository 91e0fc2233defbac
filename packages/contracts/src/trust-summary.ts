import { formatFixed } from './number-format.ts';
import type { ReportLocale } from './report.ts';
import type { TrustReport } from './results-trust.ts';

/** How far below the nominal coverage (in points) a reached coverage must fall to be called short. */
export const COVERAGE_SHORTFALL_POINTS = 5;

/** The prediction sets' coverage in the figures a sentence quotes, all formatted already. */
export interface CoverageSummary {
  /** Nominal coverage in percent, as the run asked (90, not 0.9). */
  nominal: string;
  /** Coverage reached on all test rows, in percent with one decimal. */
  reached: string;
  /** Mean number of classes in a set, one decimal. */
  size: string;
  /** Points below the nominal on all test rows, when more than the tolerated shortfall (else null). */
  shortBy: string | null;
  /** Test years whose coverage falls more than the tolerated shortfall below the nominal, with their coverage. */
  shortYears: { year: number; reached: string }[];
}

const percent = (value: number, locale: ReportLocale, digits = 1) => formatFixed(value * 100, digits, locale);
const isShort = (coverage: number, nominal: number) => (nominal - coverage) * 100 > COVERAGE_SHORTFALL_POINTS + 1e-9;

/**
 * The coverage of the recommended model's prediction sets on the test years, for the verdict and the report.
 * @param trust the results' trust report (absent in results written before prediction sets)
 * @param locale the reader's language: its decimal mark
 * @returns the figures, or null when there is no trust report
 */
export function coverageSummary(trust: TrustReport | null | undefined, locale: ReportLocale = 'en'): CoverageSummary | null {
  const conformal = trust?.conformal;
  if (!conformal || typeof conformal.nominal !== 'number' || typeof conformal.test?.coverage !== 'number') return null;
  const { nominal, test } = conformal;
  const nominalText = percent(nominal, locale, Number.isInteger(Math.round(nominal * 1000) / 10) ? 0 : 1);
  return {
    nominal: nominalText,
    reached: percent(test.coverage, locale),
    size: formatFixed(test.meanSetSize, 1, locale),
    shortBy: isShort(test.coverage, nominal) ? percent(nominal - test.coverage, locale) : null,
    shortYears: (test.byYear ?? [])
      .filter((y) => y.rows > 0 && isShort(y.coverage, nominal))
      .map((y) => ({ year: y.year, reached: percent(y.coverage, locale) })),
  };
}

/** The calibration of the recommended model in the figures a sentence quotes. */
export interface CalibrationSummary {
  kept: boolean;
  temperature: string;
  eceBefore: string;
  eceAfter: string;
  brierBefore: string;
  brierAfter: string;
}

/**
 * Temperature scaling of the recommended model, measured on the test rows (expected calibration error and Brier score).
 * @param trust the results' trust report
 * @param locale the reader's language: its decimal mark
 * @returns the figures, or null when there is none
 */
export function calibrationSummary(trust: TrustReport | null | undefined, locale: ReportLocale = 'en'): CalibrationSummary | null {
  const calibration = trust?.calibration;
  if (!calibration?.test) return null;
  const { test } = calibration;
  return {
    kept: calibration.kept,
    temperature: formatFixed(calibration.temperature, 2, locale),
    eceBefore: formatFixed(test.eceBefore, 3, locale),
    eceAfter: formatFixed(test.eceAfter, 3, locale),
    brierBefore: formatFixed(test.brierBefore, 3, locale),
    brierAfter: formatFixed(test.brierAfter, 3, locale),
  };
}
