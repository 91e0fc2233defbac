import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReportLocale } from '@indicata/contracts';
import { whoCountries } from '../../src/db/schema/who.ts';
import { analyseQuestion, type AnalystAnswer } from '../../src/modules/assistant/analysis/analyst.ts';
import type { AnalysisDataset } from '../../src/modules/assistant/analysis/dataset.ts';
import { formatNumber, formatR } from '../../src/modules/assistant/analysis/format.ts';
import { loadWhoDataset } from '../../src/modules/questions/analysis-data.ts';
import { importWhoFolder } from '../../src/modules/who/import-folder.ts';
import { createTestDatabase } from '../helpers/index.ts';
import { checkShape, DEGENERATE } from './check-shapes.ts';
import { CORPUS_DATA_AVAILABLE, CORPUS_WHO_DIR } from './data-source.ts';

/**
 * The built-in analyst against a corpus of questions in English and Portuguese (questions.json) whose expected
 * answers expected.py computed from the same CSV files with numpy/scipy and the csv module (expected.json). A
 * question counts as answered correctly when the analyst ran the computation it asks for, on the right
 * indicators, years, places and parts (women, urban areas ...), got the same numbers, wrote the headline
 * numbers in the short answer and never said one value as a range; an unanswerable question must be refused.
 * Target: at least 90 %. Questions whose id starts with "shape-" are the list- and value-shaped ones
 * (check-shapes.ts); their score is printed apart.
 */

interface CorpusQuestion {
  id: string;
  lang: ReportLocale;
  /** The chosen data the question is asked about: a name in "datasets", else "dataset". */
  dataset?: string;
  question: string;
  expect: Record<string, unknown> & { kind: string };
}
interface CorpusDataset {
  target: string | null;
  indicators: string[];
}
const here = import.meta.dirname;
const corpus = JSON.parse(readFileSync(path.join(here, 'questions.json'), 'utf8')) as { dataset: CorpusDataset; datasets?: Record<string, CorpusDataset>; questions: CorpusQuestion[] };
const datasets: Record<string, CorpusDataset> = { main: corpus.dataset, ...corpus.datasets };
const expected = (JSON.parse(readFileSync(path.join(here, 'expected.json'), 'utf8')) as { expected: Record<string, Record<string, unknown>> }).expected;

const close = (a: number | null | undefined, b: unknown) => typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
type Scope = { kind: 'world' } | { kind: 'region'; name: string } | { kind: 'place'; code: string };

/** Why the answer is wrong, or null when it is right. */
function check(q: CorpusQuestion, answer: AnalystAnswer, codeOf: (place: string) => string): string | null {
  const e = q.expect;
  const x = expected[q.id]!;
  const { outcome, html } = answer;
  const shows = (text: string) => (html.includes(text) ? null : `the short answer does not show ${text}`);
  const sameScope = (scope: { kind: string; name?: string }, want: Scope) =>
    scope.kind === want.kind && (want.kind === 'world' || (want.kind === 'region' ? scope.name === want.name : codeOf(scope.name!) === want.code));
  const loc = q.lang;
  const shaped = checkShape(q, answer, x, codeOf);
  if (shaped !== undefined) return shaped;
  switch (e.kind) {
    case 'refuse':
      return ['refuse', 'no-data', 'no-indicator'].includes(outcome.kind) ? null : `answered as ${outcome.kind} instead of refusing`;
    case 'ambiguous':
      if (outcome.kind !== 'ambiguous') return `${outcome.kind} instead of asking which indicator`;
      return JSON.stringify(outcome.candidates.map((c) => c.name).sort()) === JSON.stringify(x.candidates) ? null : `candidates ${outcome.candidates.map((c) => c.name)}`;
    case 'count':
      if (outcome.kind !== 'count') return `${outcome.kind} instead of count`;
      if (outcome.result.indicator?.name !== e.indicator || outcome.result.year !== e.year) return `counted ${outcome.result.indicator?.name ?? 'every indicator'} in ${outcome.result.year}`;
      return outcome.result.places === x.places ? shows(`${x.places} `) : `${outcome.result.places} places, expected ${x.places}`;
    case 'missing': {
      if (outcome.kind !== 'missing') return `${outcome.kind} instead of missing`;
      const r = outcome.result;
      if (r.rows !== x.rows) return `${r.rows} rows, expected ${x.rows}`;
      for (const c of r.columns) if (c.missing !== (x.missing as Record<string, number>)[c.indicator.name]) return `${c.indicator.name} misses ${c.missing}`;
      if (e.indicator) return outcome.column?.name === e.indicator ? shows(String(x.indicatorMissing)) : `about ${outcome.column?.name ?? 'all indicators'}`;
      return r.columns[0]!.indicator.name === x.top ? shows(String((x.missing as Record<string, number>)[x.top as string])) : `top ${r.columns[0]!.indicator.name}`;
    }
    case 'distribution': {
      if (outcome.kind !== 'distribution') return `${outcome.kind} instead of distribution`;
      const r = outcome.result;
      if (r.indicator.name !== e.indicator || r.year !== x.year || !sameScope(r.scope, e.scope as Scope)) return `distribution of ${r.indicator.name} in ${r.year} (${JSON.stringify(r.scope)})`;
      for (const k of ['min', 'q1', 'median', 'q3', 'max', 'mean'] as const) if (!close(r[k], x[k])) return `${k} ${r[k]} vs ${x[k]}`;
      return r.n === x.n ? shows(formatNumber(x.median as number, loc)) : `n ${r.n} vs ${x.n}`;
    }
    case 'trend': {
      if (outcome.kind !== 'trend') return `${outcome.kind} instead of trend`;
      const r = outcome.result;
      if (r.indicator.name !== e.indicator || !sameScope(r.scope, e.scope as Scope)) return `trend of ${r.indicator.name} (${JSON.stringify(r.scope)})`;
      const first = r.points[0]!;
      const last = r.points.at(-1)!;
      if (first.year !== x.firstYear || last.year !== x.lastYear || r.points.length !== x.points) return `years ${first.year}-${last.year}`;
      if (!close(first.mean, x.first) || !close(last.mean, x.last)) return `means ${first.mean}, ${last.mean}`;
      return shows(formatNumber(x.last as number, loc));
    }
    case 'ranking': {
      if (outcome.kind !== 'ranking') return `${outcome.kind} instead of ranking`;
      const r = outcome.result;
      if (r.indicator.name !== e.indicator || r.year !== x.year || r.by !== e.by || r.order !== e.order) return `ranking ${r.indicator.name} ${r.year} by ${r.by} ${r.order}`;
      const first = r.items[0]!;
      const name = r.by === 'place' ? codeOf(first.name) : first.name;
      if (name !== x.first || !close(first.mean, x.firstMean)) return `first ${name} ${first.mean}`;
      return shows(formatNumber(x.firstMean as number, loc));
    }
    case 'correlation': {
      if (outcome.kind !== 'correlation') return `${outcome.kind} instead of correlation`;
      const r = outcome.result;
      const names = [r.a.name, r.b.name].sort().join();
      if (names !== [e.a, e.b].sort().join() || r.year !== e.year) return `correlation of ${names} in ${r.year}`;
      if (r.n !== x.n || !close(r.pearson, x.pearson) || !close(r.spearman, x.spearman)) return `n ${r.n} r ${r.pearson} rho ${r.spearman}`;
      return shows(formatR(x.pearson as number, loc)) ?? shows(formatR(x.spearman as number, loc));
    }
    case 'related': {
      if (outcome.kind !== 'related') return `${outcome.kind} instead of related`;
      const items = x.items as { indicator: string; n: number; pearson: number; spearman: number }[];
      const got = outcome.result.items;
      if (got.map((i) => i.indicator.name).join() !== items.map((i) => i.indicator).join()) return `order ${got.map((i) => i.indicator.name)}`;
      for (const [i, item] of items.entries()) if (!close(got[i]!.spearman, item.spearman) || got[i]!.n !== item.n) return `${item.indicator} rho ${got[i]!.spearman}`;
      return shows(formatR(items[0]!.spearman, loc));
    }
    case 'compare-regions':
    case 'compare-years': {
      if (outcome.kind !== 'compare') return `${outcome.kind} instead of compare`;
      const r = outcome.result;
      if (r.indicator.name !== e.indicator) return `compared ${r.indicator.name}`;
      if (e.kind === 'compare-regions') {
        const scopes = e.scopes as Scope[];
        if (r.mode !== 'regions' || !r.items.every((item, i) => sameScope(item.scope, scopes[i]!)) || r.items[0]!.year !== x.year) return `compared ${JSON.stringify(r.items.map((i) => [i.label, i.year]))}`;
      } else if (r.mode !== 'years' || r.items.map((i) => i.year).join() !== (x.years as number[]).join() || !sameScope(r.items[0]!.scope, e.scope as Scope)) {
        return `compared ${JSON.stringify(r.items.map((i) => [i.label, i.year]))}`;
      }
      const means = x.means as number[];
      if (!r.items.every((item, i) => close(item.mean, means[i]))) return `means ${r.items.map((i) => i.mean)}`;
      return shows(formatNumber(means[0]!, loc)) ?? shows(formatNumber(means[1]!, loc));
    }
    default:
      return `unknown kind ${e.kind}`;
  }
}

describe.skipIf(!CORPUS_DATA_AVAILABLE)(`assistant corpus (${CORPUS_WHO_DIR})`, () => {
  const loaded = new Map<string, AnalysisDataset>();
  let codeOf: (place: string) => string;
  let close_: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase('pglite');
    close_ = () => database.close();
    const wanted = new Set(Object.values(datasets).flatMap((d) => [...(d.target ? [d.target] : []), ...d.indicators]));
    await importWhoFolder(database.database.db, CORPUS_WHO_DIR, { indicators: [...wanted] });
    for (const [name, d] of Object.entries(datasets)) loaded.set(name, await loadWhoDataset(database.database.db, { codes: d.indicators, target: d.target }));
    const countries = await database.database.db.select().from(whoCountries);
    const codes = new Map(countries.map((c) => [c.name, c.code]));
    codeOf = (place) => codes.get(place) ?? place;
  }, 240_000);
  afterAll(async () => {
    await close_?.();
  });

  it('has at least 40 questions, half of them in Portuguese, each with an expected answer', () => {
    expect(corpus.questions.length).toBeGreaterThanOrEqual(40);
    expect(corpus.questions.filter((q) => q.lang === 'pt-BR').length * 2).toBeGreaterThanOrEqual(corpus.questions.length);
    for (const q of corpus.questions) expect(expected[q.id], q.id).toBeDefined();
  });

  it('answers at least 90% correctly and refuses every unanswerable question', () => {
    const failures: string[] = [];
    for (const q of corpus.questions) {
      const answer = analyseQuestion(q.question, loaded.get(q.dataset ?? 'main')!, q.lang);
      const problem = DEGENERATE.test(answer.html) ? `one value said as a range or a change: ${DEGENERATE.exec(answer.html)![0]}` : check(q, answer, codeOf);
      if (problem) failures.push(`${q.id} "${q.question}": ${problem}`);
    }
    const score = (corpus.questions.length - failures.length) / corpus.questions.length;
    const shapes = corpus.questions.filter((q) => q.id.startsWith('shape-'));
    const shapeFailures = failures.filter((f) => f.startsWith('shape-')).length;
    console.info(
      `assistant corpus: ${corpus.questions.length - failures.length}/${corpus.questions.length} correct (${(score * 100).toFixed(1)}%); ` +
        `lists and single values: ${shapes.length - shapeFailures}/${shapes.length}${failures.length ? `\n  ${failures.join('\n  ')}` : ''}`,
    );
    expect(score).toBeGreaterThanOrEqual(0.9);
    const refusals = corpus.questions.filter((q) => q.expect.kind === 'refuse');
    expect(refusals.length).toBeGreaterThanOrEqual(4);
    for (const q of refusals) expect(failures.filter((f) => f.startsWith(`${q.id} `))).toEqual([]);
  });
});
