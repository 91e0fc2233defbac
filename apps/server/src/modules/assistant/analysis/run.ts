import {
  compare,
  correlation,
  countPlaces,
  distribution,
  missingValues,
  ranking,
  relatedToTarget,
  targetGaps,
  trend,
  type CompareResult,
  type CorrelationResult,
  type CountResult,
  type DistributionResult,
  type MissingResult,
  type RankingResult,
  type RelatedResult,
  type TargetGaps,
  type TrendResult,
} from './compute.ts';
import { changeRanking, type ChangeRankingResult } from './compute-change.ts';
import { breakdown, coverageByYear, listIndicators, type BreakdownResult, type CoverageResult, type IndicatorListResult } from './compute-lists.ts';
import type { AnalysisColumn, AnalysisDataset, BreakdownType } from './dataset.ts';
import type { Plan } from './understand.ts';

/** What a computation gave: its kind and result, or why there is nothing to show. */
export type Outcome =
  | { kind: 'count'; result: CountResult }
  | { kind: 'missing'; result: MissingResult; column: AnalysisColumn | null; order: 'most' | 'fewest' }
  | { kind: 'target-gaps'; result: TargetGaps }
  | { kind: 'change-ranking'; result: ChangeRankingResult; listed: number }
  | { kind: 'distribution'; result: DistributionResult }
  | { kind: 'trend'; result: TrendResult; rankYears?: 'top' | 'bottom' }
  | { kind: 'ranking'; result: RankingResult; listed?: number; noRegions?: boolean }
  | { kind: 'correlation'; result: CorrelationResult }
  | { kind: 'related'; result: RelatedResult }
  | { kind: 'compare'; result: CompareResult }
  | { kind: 'coverage'; result: CoverageResult }
  | { kind: 'breakdown'; result: BreakdownResult }
  | { kind: 'indicators'; result: IndicatorListResult }
  | { kind: 'no-breakdown'; column: AnalysisColumn; type: BreakdownType }
  | { kind: 'ambiguous'; words: string; candidates: AnalysisColumn[] }
  | { kind: 'no-indicator'; wanted: string }
  | { kind: 'no-data'; column: AnalysisColumn | null; year: number | null }
  | { kind: 'refuse' };

/** Runs the computation a plan names. */
export function runPlan(plan: Plan, dataset: AnalysisDataset): Outcome {
  switch (plan.kind) {
    case 'count': {
      const result = countPlaces(dataset, plan.column, plan.year);
      return result.places === 0 && plan.year !== null ? { kind: 'no-data', column: plan.column, year: plan.year } : { kind: 'count', result };
    }
    case 'change-ranking': {
      const result = changeRanking(dataset, plan.column, { years: plan.years, by: plan.by, direction: plan.direction, limit: plan.limit });
      return result ? { kind: 'change-ranking', result, listed: plan.listed } : { kind: 'no-data', column: plan.column, year: null };
    }
    case 'missing':
      // The target's own gaps are counted over every row; the other indicators' over the rows the target has.
      if (plan.column && plan.column.name === dataset.target) {
        const gaps = targetGaps(dataset);
        if (gaps) return { kind: 'target-gaps', result: gaps };
      }
      return { kind: 'missing', result: missingValues(dataset, plan.order), column: plan.column, order: plan.order };
    case 'distribution': {
      const result = distribution(dataset, plan.column, plan.year, plan.scope);
      return result ? { kind: 'distribution', result } : { kind: 'no-data', column: plan.column, year: plan.year };
    }
    case 'trend': {
      const result = trend(dataset, plan.column, plan.scope);
      if (!result) return { kind: 'no-data', column: plan.column, year: null };
      return plan.rankYears ? { kind: 'trend', result, rankYears: plan.rankYears } : { kind: 'trend', result };
    }
    case 'ranking': {
      const result = ranking(dataset, plan.column, { year: plan.year, by: plan.by, order: plan.order, limit: plan.limit ?? null });
      if (!result) return { kind: 'no-data', column: plan.column, year: plan.year };
      // Regions asked for, but the data has none (an upload): places are ranked, and the answer says why.
      return plan.by === 'region' && result.by === 'place' ? { kind: 'ranking', result, listed: plan.listed ?? 1, noRegions: true } : { kind: 'ranking', result, listed: plan.listed ?? 1 };
    }
    case 'coverage': {
      const result = coverageByYear(dataset, plan.column);
      return result ? { kind: 'coverage', result } : { kind: 'no-data', column: plan.column, year: null };
    }
    case 'breakdown': {
      const result = breakdown(dataset, plan.column, plan.parts, plan.year, plan.scope);
      return result ? { kind: 'breakdown', result } : { kind: 'no-data', column: plan.column, year: plan.year };
    }
    case 'indicators':
      return { kind: 'indicators', result: listIndicators(dataset, plan.year, plan.breakdown ?? null) };
    case 'no-breakdown':
      return { kind: 'no-breakdown', column: plan.column, type: plan.type };
    case 'correlation': {
      const result = correlation(dataset, plan.a, plan.b, plan.year);
      return result.pearson === null ? { kind: 'no-data', column: plan.a, year: plan.year } : { kind: 'correlation', result };
    }
    case 'related': {
      const result = relatedToTarget(dataset);
      return result ? { kind: 'related', result } : { kind: 'no-indicator', wanted: 'target' };
    }
    case 'compare-regions': {
      const result = compare(dataset, plan.column, { mode: 'regions', scopes: plan.scopes, year: plan.year });
      return result && result.difference !== null ? { kind: 'compare', result } : { kind: 'no-data', column: plan.column, year: plan.year };
    }
    case 'compare-years': {
      const result = compare(dataset, plan.column, { mode: 'years', years: plan.years, scope: plan.scope });
      return result && result.difference !== null ? { kind: 'compare', result } : { kind: 'no-data', column: plan.column, year: null };
    }
    case 'ambiguous':
      return { kind: 'ambiguous', words: plan.words, candidates: plan.candidates };
    case 'no-indicator':
      return { kind: 'no-indicator', wanted: plan.wanted };
    case 'refuse':
      return { kind: 'refuse' };
  }
}
