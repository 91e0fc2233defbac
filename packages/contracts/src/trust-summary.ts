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

const percent = (value: number, digits = 1) => (value * 100).toFixed(digits);
const isShort = (coverage: number, nominal: number) => (nominal - coverage) * 100 > COVERAGE_SHORTFALL_POINTS + 1e-9;

/**
 * The coverage of the recommended model's prediction sets on the test years, for the verdict and the report.
 * @param trust the results' trust report (absent in results written before prediction sets)
 * @returns the figures, or null when there is no trust report
 */
export function coverageSummary(trust: TrustReport | null | undefined): CoverageSummary | null {
  const conformal = trust?.conformal;
  if (!conformal || typeof conformal.nominal !== 'number' || typeof conformal.test?.coverage !== 'number') return null;
  const { nominal, test } = conformal;
  const nominalText = percent(nominal, Number.isInteger(Math.round(nominal * 1000) / 10) ? 0 : 1);
  return {
    nominal: nominalText,
    reached: percent(test.coverage),
    size: test.meanSetSize.toFixed(1),
    shortBy: isShort(test.coverage, nominal) ? ((nominal - test.coverage) * 100).toFixed(1) : null,
    shortYears: (test.byYear ?? [])
      .filter((y) => y.rows > 0 && isShort(y.coverage, nominal))
      .map((y) => ({ year: y.year, reached: percent(y.coverage) })),
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
 * @returns the figures, or null when there is none
 */
export function calibrationSummary(trust: TrustReport | null | undefined): CalibrationSummary | null {
  const calibration = trust?.calibration;
  if (!calibration?.test) return null;
  const { test } = calibration;
  return {
    kept: calibration.kept,
    temperature: calibration.temperature.toFixed(2),
    eceBefore: test.eceBefore.toFixed(3),
    eceAfter: test.eceAfter.toFixed(3),
    brierBefore: test.brierBefore.toFixed(3),
    brierAfter: test.brierAfter.toFixed(3),
  };
}
