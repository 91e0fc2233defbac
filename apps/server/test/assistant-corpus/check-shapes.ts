import { whoColumnName, type ReportLocale } from '@indicata/contracts';
import type { AnalystAnswer } from '../../src/modules/assistant/analysis/analyst.ts';
import { formatNumber } from '../../src/modules/assistant/analysis/format.ts';

/**
 * How the corpus judges answers that are lists or single values (expected_shapes.py computes what they should
 * hold): rankings of several countries, coverage by year, breakdowns by sex or area of residence, one country's
 * value, the chosen indicators. Each returns why the answer is wrong, or null when it is right.
 */

export interface ShapeQuestion {
  id: string;
  lang: ReportLocale;
  expect: Record<string, unknown> & { kind: string };
}
type Scope = { kind: 'world' } | { kind: 'region'; name: string } | { kind: 'place'; code: string };

const close = (a: number | null | undefined, b: unknown) => typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
/** The short answer: the first paragraph, where the headline numbers must stand. */
const shortAnswer = (html: string) => /<p>(.*?)<\/p>/.exec(html)?.[1] ?? '';
/** A single value said as a range, or a change over one year: what these shapes exist to avoid. */
export const DEGENERATE = /over 1 (countries|places)|em 1 (países|lugares)|ranged from (\S+) \(([^)]*)\) to \3 \(\4\)|went from (\S+) in (\d{4}) to \5 in \6|passou de (\S+) em (\d{4}) para \7 em \8/;

/** The column name of an expected indicator on a dimension ("WHOSIS_000001-SEX_FMLE"). */
const columnOf = (e: Record<string, unknown>) => whoColumnName(e.indicator as string, (e.dimension as string | undefined) ?? '');

/**
 * Why a list- or value-shaped answer is wrong, null when right, undefined when the question is of another kind.
 * @param x what expected_shapes.py computed for it
 * @param codeOf ISO3 code of a country name
 */
export function checkShape(q: ShapeQuestion, answer: AnalystAnswer, x: Record<string, unknown>, codeOf: (place: string) => string): string | null | undefined {
  const e = q.expect;
  const { outcome, html } = answer;
  const head = shortAnswer(html);
  const n = (v: number) => formatNumber(v, q.lang);
  const headShows = (v: number) => (head.includes(n(v)) ? null : `the short answer does not show ${n(v)}`);
  switch (e.kind) {
    case 'ranking': {
      if (!(Number(e.top ?? 1) > 1 || e.limit || e.dimension)) return undefined;
      if (outcome.kind !== 'ranking') return `${outcome.kind} instead of ranking`;
      const r = outcome.result;
      if (r.indicator.name !== columnOf(e) || r.year !== x.year || r.by !== 'place' || r.order !== e.order) return `ranking ${r.indicator.name} ${r.year} by ${r.by} ${r.order}`;
      const items = x.items as { value: number; codes: string[] }[];
      if (e.limit && r.items.length !== items.length) return `${r.items.length} rows, expected ${items.length}`;
      for (const [i, item] of items.entries()) {
        const got = r.items[i];
        if (!got || !close(got.mean, item.value) || !item.codes.includes(codeOf(got.name))) return `position ${i + 1}: ${got?.name} ${got?.mean}, expected ${item.codes.join('/')} ${item.value}`;
      }
      for (const item of items) if (headShows(item.value)) return headShows(item.value);
      return null;
    }
    case 'coverage': {
      if (outcome.kind !== 'coverage') return `${outcome.kind} instead of coverage`;
      const r = outcome.result;
      if ((r.indicator?.name ?? null) !== ((e.indicator as string | null) ?? null)) return `coverage of ${r.indicator?.name ?? 'every indicator'}`;
      const years = x.years as [number, number][];
      if (r.years.length !== years.length) return `${r.years.length} years, expected ${years.length}`;
      for (const [i, [year, places]] of years.entries()) if (r.years[i]!.year !== year || r.years[i]!.places !== places) return `year ${i + 1}: ${r.years[i]!.year} (${r.years[i]!.places}), expected ${year} (${places})`;
      return head.includes(String(years[0]![0])) && head.includes(String(years[0]![1])) ? null : `the short answer does not show ${years[0]![0]} (${years[0]![1]})`;
    }
    case 'breakdown': {
      if (outcome.kind !== 'breakdown') return `${outcome.kind} instead of breakdown`;
      const r = outcome.result;
      const scope = e.scope as Scope;
      const sameScope = r.scope.kind === scope.kind && (scope.kind === 'world' || (scope.kind === 'region' ? r.scope.kind === 'region' && r.scope.name === scope.name : r.scope.kind === 'place' && codeOf(r.scope.name) === scope.code));
      if (r.indicator.name !== e.indicator || r.year !== x.year || !sameScope) return `breakdown of ${r.indicator.name} in ${r.year} (${JSON.stringify(r.scope)})`;
      const values = e.values as string[];
      if (r.items.map((i) => i.part.value).join() !== values.join()) return `parts ${r.items.map((i) => i.part.value)}`;
      const means = x.means as Record<string, number>;
      const counts = x.n as Record<string, number>;
      for (const item of r.items) {
        if (!close(item.mean, means[item.part.value]) || item.n !== counts[item.part.value]) return `${item.part.value}: ${item.mean} over ${item.n}, expected ${means[item.part.value]} over ${counts[item.part.value]}`;
        if (headShows(item.mean!)) return headShows(item.mean!);
      }
      return null;
    }
    case 'value': {
      if (outcome.kind !== 'distribution') return `${outcome.kind} instead of one value`;
      const r = outcome.result;
      if (r.indicator.name !== columnOf(e) || r.scope.kind !== 'place' || codeOf(r.scope.name) !== e.place || r.year !== x.year) return `value of ${r.indicator.name} in ${r.year} (${JSON.stringify(r.scope)})`;
      if (r.n !== 1 || !close(r.median, x.value)) return `${r.n} values, ${r.median}`;
      return headShows(x.value as number);
    }
    case 'indicators': {
      if (outcome.kind !== 'indicators') return `${outcome.kind} instead of the list of indicators`;
      const r = outcome.result;
      const items = x.items as Record<string, number>;
      const got = Object.fromEntries(r.items.map((i) => [i.indicator.name, i.places]));
      if (JSON.stringify(Object.keys(got).sort()) !== JSON.stringify(Object.keys(items).sort())) return `listed ${Object.keys(got).sort()}`;
      for (const [code, places] of Object.entries(items)) if (got[code] !== places) return `${code}: ${got[code]} places, expected ${places}`;
      if (r.total !== x.total) return `total ${r.total}`;
      if ((r.breakdown ?? null) !== ((e.breakdown as string | undefined) ?? null)) return `listed by ${r.breakdown}`;
      const count = String(e.year === null && !e.breakdown ? x.total : Object.keys(items).length);
      return head.includes(count) ? null : `the short answer does not say ${count}`;
    }
    case 'year-ranking': {
      if (outcome.kind !== 'trend' || !outcome.rankYears) return `${outcome.kind} instead of years ranked`;
      const r = outcome.result;
      const scope = e.scope as Scope;
      const sameScope = r.scope.kind === scope.kind && (scope.kind !== 'region' || (r.scope.kind === 'region' && r.scope.name === scope.name));
      if (r.indicator.name !== e.indicator || outcome.rankYears !== e.order || !sameScope || r.points.length !== x.years) return `years of ${r.indicator.name} ranked ${outcome.rankYears} (${JSON.stringify(r.scope)})`;
      const sign = e.order === 'top' ? -1 : 1;
      const ranked = [...r.points].sort((a, b) => sign * (a.mean - b.mean) || b.year - a.year);
      if (ranked[0]!.year !== x.first || !close(ranked[0]!.mean, x.firstMean) || ranked.at(-1)!.year !== x.last) return `first ${ranked[0]!.year} ${ranked[0]!.mean}, last ${ranked.at(-1)!.year}`;
      return headShows(x.firstMean as number) ?? (head.includes(String(x.first)) ? null : `the short answer does not say ${x.first}`);
    }
    default:
      return undefined;
  }
}
