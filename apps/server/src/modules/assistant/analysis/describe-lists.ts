import type { QuestionVisual, ReportLocale } from '@indicata/contracts';
import { escapeHtml } from '../sanitize.ts';
import type { DistributionResult, IndicatorRef, RankingResult, Scope, TrendResult } from './compute.ts';
import type { BreakdownResult, CoverageResult, IndicatorListResult } from './compute-lists.ts';
import type { BreakdownPart, BreakdownType } from './dataset.ts';
import { formatShare, htmlTable } from './format.ts';

/**
 * Writes the answers that are lists or single values: rankings of several places, coverage by year, breakdowns
 * by sex or area of residence, the chosen indicators, one place in one year, an indicator with one year of data.
 * A single value is said as one ("Brazil, 2015: 74.88"), never as a range over one country.
 */

const PARTS: Record<ReportLocale, Record<string, string>> = {
  en: { FMLE: 'women', MLE: 'men', BTSX: 'both sexes', URB: 'urban areas', RUR: 'rural areas', TOTL: 'total' },
  'pt-BR': { FMLE: 'mulheres', MLE: 'homens', BTSX: 'ambos os sexos', URB: 'áreas urbanas', RUR: 'áreas rurais', TOTL: 'total' },
};

/** A part of the population in the locale's words ("women", "mulheres"). */
export function partName(part: BreakdownPart, locale: ReportLocale): string {
  return PARTS[locale][part.value] ?? part.value;
}

/** An indicator's label, with the part of the population of a breakdown column ("..., women"). */
export function indicatorLabel(ref: IndicatorRef, locale: ReportLocale): string {
  return ref.part ? `${ref.label}, ${partName(ref.part, locale)}` : ref.label;
}

const join = (items: string[], and: string) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`);

const TEXT = {
  en: {
    and: 'and',
    rankList: (year: number, k: number, places: string, order: 'top' | 'bottom', label: string, list: string) =>
      k === 1 ? `In ${year}, the ${order === 'top' ? 'highest' : 'lowest'} ${label} was ${list}.` : `In ${year}, the ${k} ${places} with the ${order === 'top' ? 'highest' : 'lowest'} ${label} were ${list}.`,
    rankOf: (shown: number, total: number, places: string) => `The table shows ${shown === total ? 'all' : `the first ${shown} of`} ${total} ${places} with a value that year.`,
    coverage: (label: string, best: string, total: number, places: string, others: string) => `${label} has values for the most ${places} in ${best}, of ${total} ${places} in the chosen data${others ? `; then ${others}` : ''}.`,
    coverageAll: (k: number, best: string, others: string, plural: boolean) => `Counting the values of all ${k} chosen indicators, the best covered ${plural ? 'years are' : 'year is'} ${best}${others ? `; then ${others}` : ''}.`,
    yearSpan: (count: number, from: number, to: number) => (count === 1 ? `The chosen data has values in one year, ${from}.` : `The chosen data has values in ${count} years, from ${from} to ${to}.`),
    coverageOne: (label: string, year: number, places: number, placesWord: string) => `${label} has values in one year only: ${year} (${places} ${placesWord}).`,
    coverageEven: (label: string, places: number, total: number, placesWord: string, from: number, to: number, k: number) =>
      `${label} has values for ${places} of the ${total} ${placesWord} in the chosen data in each of its ${k} years, ${from} to ${to}.`,
    yearCount: (year: number, places: number, word: string) => `${year} (${places}${word ? ` ${word}` : ''})`,
    values: 'values',
    everyYear: (from: number, to: number, places: number, word: string) => `every year from ${from} to ${to} (${places}${word ? ` ${word}` : ''} each)`,
    manyYears: (k: number, places: number, word: string, latest: string) => `${k} years (${places}${word ? ` ${word}` : ''} each; the latest ${latest})`,
    coverageCol: (places: string) => `${places[0]!.toUpperCase()}${places.slice(1)} with a value`,
    share: 'Share',
    year: 'Year',
    breakdown: (year: number, scope: string, label: string, list: string) => `In ${year}${scope}, ${label} was ${list}.`,
    partValue: (part: string, value: string, n: number, places: string) => `${value} for ${part} (${n} ${places})`,
    partValueOne: (part: string, value: string) => `${value} for ${part}`,
    partNone: (part: string) => `not available for ${part}`,
    part: 'Group',
    mean: 'Mean',
    noBreakdown: (label: string, type: BreakdownType) => `${label} has no values ${type === 'SEX' ? 'by sex' : 'by area of residence'} in the chosen data: only the ${type === 'SEX' ? 'both-sexes' : 'total'} value.`,
    indicators: (k: number, total: number, year: number | null) =>
      year === null ? `The chosen data has ${total} indicator${total === 1 ? '' : 's'}:` : `${k} of the ${total} chosen indicators have values in ${year}:`,
    indicatorsBy: (k: number, total: number, type: BreakdownType, year: number | null) =>
      `${k} of the ${total} chosen indicators have values ${type === 'SEX' ? 'by sex' : 'by area of residence'}${year === null ? '' : ` in ${year}`}:`,
    noIndicators: (year: number | null, type: BreakdownType | null) =>
      `No chosen indicator has values${type === null ? '' : type === 'SEX' ? ' by sex' : ' by area of residence'}${year === null ? '' : ` in ${year}`}.`,
    indicator: 'Indicator',
    years: 'Years',
    targetMark: ' (target)',
    value: (place: string, year: number, label: string, v: string) => `${place}, ${year}: ${label} was ${v}.`,
    valueOnly: (place: string, year: number, label: string, v: string) => `In ${year}, only ${place} has a value of ${label}: ${v}.`,
    place: (who: boolean) => (who ? 'Country' : 'Place'),
    yearTop: (label: string, scope: string, order: 'top' | 'bottom', year: number, v: string, n: number, places: string, otherYear: number, otherV: string) =>
      `${label} (${scope}, mean over ${places} with a value) was ${order === 'top' ? 'highest' : 'lowest'} in ${year}: ${v} (${n} ${places}); ${order === 'top' ? 'lowest' : 'highest'} in ${otherYear}: ${otherV}.`,
    yearTopOfPlace: (label: string, place: string, order: 'top' | 'bottom', year: number, v: string, otherYear: number, otherV: string) =>
      `${label} (${place}) was ${order === 'top' ? 'highest' : 'lowest'} in ${year}: ${v}; ${order === 'top' ? 'lowest' : 'highest'} in ${otherYear}: ${otherV}.`,
    valueCol: 'Value',
    trendOne: (label: string, scope: string, year: number, v: string, n: number, places: string) => `${label} (${scope}) has values in one year only: ${year}, mean ${v} over ${n} ${places}.`,
    trendOnePlace: (label: string, scope: string, year: number, v: string) => `${label} (${scope}) has a value in one year only: ${v} in ${year}.`,
  },
  'pt-BR': {
    and: 'e',
    rankList: (year: number, k: number, places: string, order: 'top' | 'bottom', label: string, list: string) =>
      k === 1
        ? `Em ${year}, o ${order === 'top' ? 'maior' : 'menor'} valor de ${label} foi ${list}.`
        : `Em ${year}, ${places === 'regiões' ? 'as' : 'os'} ${k} ${places} com ${order === 'top' ? 'maior' : 'menor'} ${label} foram ${list}.`,
    rankOf: (shown: number, total: number, places: string) => `A tabela mostra ${shown === total ? 'todos os' : `os primeiros ${shown} dos`} ${total} ${places} com valor nesse ano.`,
    coverage: (label: string, best: string, total: number, places: string, others: string) => `${label} tem valores para mais ${places} em ${best}, de ${total} ${places} dos dados escolhidos${others ? `; depois ${others}` : ''}.`,
    yearSpan: (count: number, from: number, to: number) => (count === 1 ? `Os dados escolhidos têm valores em um ano, ${from}.` : `Os dados escolhidos têm valores em ${count} anos, de ${from} a ${to}.`),
    coverageAll: (k: number, best: string, others: string, plural: boolean) =>
      `Contando os valores dos ${k} indicadores escolhidos, ${plural ? 'os anos mais cobertos são' : 'o ano mais coberto é'} ${best}${others ? `; depois ${others}` : ''}.`,
    coverageOne: (label: string, year: number, places: number, placesWord: string) => `${label} tem valores em um único ano: ${year} (${places} ${placesWord}).`,
    coverageEven: (label: string, places: number, total: number, placesWord: string, from: number, to: number, k: number) =>
      `${label} tem valores para ${places} dos ${total} ${placesWord} dos dados escolhidos em cada um dos seus ${k} anos, de ${from} a ${to}.`,
    yearCount: (year: number, places: number, word: string) => `${year} (${places}${word ? ` ${word}` : ''})`,
    values: 'valores',
    everyYear: (from: number, to: number, places: number, word: string) => `todos os anos de ${from} a ${to} (${places}${word ? ` ${word}` : ''} em cada)`,
    manyYears: (k: number, places: number, word: string, latest: string) => `${k} anos (${places}${word ? ` ${word}` : ''} em cada; os mais recentes ${latest})`,
    coverageCol: (places: string) => `${places[0]!.toUpperCase()}${places.slice(1)} com valor`,
    share: 'Parcela',
    year: 'Ano',
    breakdown: (year: number, scope: string, label: string, list: string) => `Em ${year}${scope}, ${label} foi ${list}.`,
    partValue: (part: string, value: string, n: number, places: string) => `${value} para ${part} (${n} ${places})`,
    partValueOne: (part: string, value: string) => `${value} para ${part}`,
    partNone: (part: string) => `sem valor para ${part}`,
    part: 'Grupo',
    mean: 'Média',
    noBreakdown: (label: string, type: BreakdownType) =>
      `${label} não tem valores ${type === 'SEX' ? 'por sexo' : 'por área de residência'} nos dados escolhidos: só o valor ${type === 'SEX' ? 'para ambos os sexos' : 'total'}.`,
    indicators: (k: number, total: number, year: number | null) =>
      year === null ? `Os dados escolhidos têm ${total} indicador${total === 1 ? '' : 'es'}:` : `${k} dos ${total} indicadores escolhidos têm valores em ${year}:`,
    indicatorsBy: (k: number, total: number, type: BreakdownType, year: number | null) =>
      `${k} dos ${total} indicadores escolhidos têm valores ${type === 'SEX' ? 'por sexo' : 'por área de residência'}${year === null ? '' : ` em ${year}`}:`,
    noIndicators: (year: number | null, type: BreakdownType | null) =>
      `Nenhum indicador escolhido tem valores${type === null ? '' : type === 'SEX' ? ' por sexo' : ' por área de residência'}${year === null ? '' : ` em ${year}`}.`,
    indicator: 'Indicador',
    years: 'Anos',
    targetMark: ' (alvo)',
    value: (place: string, year: number, label: string, v: string) => `${place}, ${year}: ${label} foi ${v}.`,
    valueOnly: (place: string, year: number, label: string, v: string) => `Em ${year}, só ${place} tem valor de ${label}: ${v}.`,
    place: (who: boolean) => (who ? 'País' : 'Lugar'),
    yearTop: (label: string, scope: string, order: 'top' | 'bottom', year: number, v: string, n: number, places: string, otherYear: number, otherV: string) =>
      `${label} (${scope}, média dos ${places} com valor) foi ${order === 'top' ? 'maior' : 'menor'} em ${year}: ${v} (${n} ${places}); ${order === 'top' ? 'menor' : 'maior'} em ${otherYear}: ${otherV}.`,
    yearTopOfPlace: (label: string, place: string, order: 'top' | 'bottom', year: number, v: string, otherYear: number, otherV: string) =>
      `${label} (${place}) foi ${order === 'top' ? 'maior' : 'menor'} em ${year}: ${v}; ${order === 'top' ? 'menor' : 'maior'} em ${otherYear}: ${otherV}.`,
    valueCol: 'Valor',
    trendOne: (label: string, scope: string, year: number, v: string, n: number, places: string) => `${label} (${scope}) tem valores em um único ano: ${year}, média ${v} em ${n} ${places}.`,
    trendOnePlace: (label: string, scope: string, year: number, v: string) => `${label} (${scope}) tem valor em um único ano: ${v} em ${year}.`,
  },
} as const;

/** What the writer of describe.ts lends: the locale, number and name formatting. */
export interface Writer {
  locale: ReportLocale;
  who: boolean;
  /** "countries" / "países" (or "places"). */
  places: string;
  n: (value: number) => string;
  /** A region or place name in the locale. */
  name: (name: string, by: 'region' | 'place') => string;
  scopeName: (scope: Scope) => string;
}

export interface Written {
  parts: string[];
  visual: QuestionVisual | null;
}

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;

/** A ranking that lists several places (or regions) in its short answer. */
export function writeRankingList(r: RankingResult, listed: number, w: Writer): Written {
  const t = TEXT[w.locale];
  const label = indicatorLabel(r.indicator, w.locale);
  const shown = r.items.slice(0, Math.min(listed, r.items.length));
  const list = join(shown.map((x) => `${w.name(x.name, r.by)} (${w.n(x.mean)})`), t.and);
  const noun = r.by === 'place' ? w.places : w.locale === 'pt-BR' ? 'regiões' : 'regions';
  const parts = [p(`${t.rankList(r.year, shown.length, noun, r.order, label, list)}${r.by === 'place' ? ` ${t.rankOf(r.items.length, r.total, noun)}` : ''}`)];
  const header = [w.locale === 'pt-BR' ? 'Posição' : 'Rank', r.by === 'place' ? t.place(w.who) : w.locale === 'pt-BR' ? 'Região da OMS' : 'WHO region', r.by === 'place' ? (w.locale === 'pt-BR' ? 'Valor' : 'Value') : t.mean];
  parts.push(htmlTable(header, r.items.map((x, i) => [i + 1, w.name(x.name, r.by), w.n(x.mean)])));
  return { parts, visual: { type: 'bar', title: `${label}, ${r.year}`, categories: r.items.map((x) => w.name(x.name, r.by)), series: [{ name: label, values: r.items.map((x) => x.mean) }] } };
}

/** Years ranked by how many places have a value. */
export function writeCoverage(r: CoverageResult, w: Writer): Written {
  const t = TEXT[w.locale];
  const word = r.indicator ? '' : t.values;
  const best = r.years.filter((y) => y.places === r.years[0]!.places);
  const next = r.years.slice(best.length, best.length + 3);
  const listYears = (ys: typeof r.years) => join(ys.map((y) => t.yearCount(y.year, y.places, word)), t.and);
  // Many years equally covered (every year of a modelled series): said as a span, not as a list of forty years.
  const say = (ys: typeof r.years) => {
    if (ys.length <= 4) return listYears(ys);
    const years = ys.map((y) => y.year).sort((a, b) => a - b);
    const span = years.at(-1)! - years[0]! + 1 === years.length;
    return span ? t.everyYear(years[0]!, years.at(-1)!, ys[0]!.places, word) : t.manyYears(ys.length, ys[0]!.places, word, listYears(ys.slice(0, 3)));
  };
  let text: string;
  if (r.indicator && r.years.length === 1) text = t.coverageOne(indicatorLabel(r.indicator, w.locale), r.years[0]!.year, r.years[0]!.places, w.places);
  else if (r.indicator && best.length === r.years.length) {
    const years = r.years.map((y) => y.year);
    text = t.coverageEven(indicatorLabel(r.indicator, w.locale), best[0]!.places, r.totalPlaces, w.places, Math.min(...years), Math.max(...years), years.length);
  } else if (r.indicator) text = t.coverage(indicatorLabel(r.indicator, w.locale), say(best), r.totalPlaces, w.places, say(next));
  else {
    // Every indicator together: first how many years the data spans ("how many years of data are there?").
    const years = r.years.map((y) => y.year);
    text = `${t.yearSpan(years.length, Math.min(...years), Math.max(...years))} ${t.coverageAll(r.indicators, say(best), say(next), best.length > 1)}`;
  }
  const chronological = [...r.years].sort((a, b) => a.year - b.year);
  const column = r.indicator ? t.coverageCol(w.places) : t.values;
  return {
    parts: [p(text), htmlTable([t.year, column, t.share], r.years.map((y) => [y.year, y.places, formatShare(y.share, w.locale)]))],
    visual: { type: 'bar', title: r.indicator ? indicatorLabel(r.indicator, w.locale) : column, categories: chronological.map((y) => String(y.year)), series: [{ name: column, values: chronological.map((y) => y.places) }] },
  };
}

/** An indicator side by side for women and men (or urban and rural areas). */
export function writeBreakdown(r: BreakdownResult, w: Writer): Written {
  const t = TEXT[w.locale];
  const label = r.indicator.label;
  const scope = r.scope.kind === 'world' ? '' : ` (${w.scopeName(r.scope)})`;
  const onePlace = r.scope.kind === 'place';
  const said = r.items.map((x) => {
    const part = partName(x.part, w.locale);
    if (x.mean === null) return t.partNone(part);
    return onePlace ? t.partValueOne(part, w.n(x.mean)) : t.partValue(part, w.n(x.mean), x.n, w.places);
  });
  const parts = [p(t.breakdown(r.year, scope, label, join(said, t.and)))];
  const header = onePlace ? [t.part, w.locale === 'pt-BR' ? 'Valor' : 'Value'] : [t.part, t.mean, t.coverageCol(w.places)];
  parts.push(htmlTable(header, r.items.map((x) => (onePlace ? [partName(x.part, w.locale), x.mean === null ? '—' : w.n(x.mean)] : [partName(x.part, w.locale), x.mean === null ? '—' : w.n(x.mean), x.n]))));
  return { parts, visual: { type: 'bar', title: `${label}, ${r.year}${scope}`, categories: r.items.map((x) => partName(x.part, w.locale)), series: [{ name: onePlace ? label : t.mean, values: r.items.map((x) => x.mean) }] } };
}

/** An indicator that has no breakdown of the kind asked for. */
export function writeNoBreakdown(label: string, type: BreakdownType, w: Writer): Written {
  return { parts: [p(TEXT[w.locale].noBreakdown(label, type))], visual: null };
}

/** The chosen indicators with their coverage. */
export function writeIndicators(r: IndicatorListResult, w: Writer): Written {
  const t = TEXT[w.locale];
  if (r.items.length === 0) return { parts: [p(t.noIndicators(r.year, r.breakdown))], visual: null };
  const head = p(r.breakdown ? t.indicatorsBy(r.items.length, r.total, r.breakdown, r.year) : t.indicators(r.items.length, r.total, r.year));
  const name = (x: (typeof r.items)[number]) => `${x.indicator.label === x.indicator.name ? x.indicator.name : `${x.indicator.label} (${x.indicator.name})`}${x.target ? t.targetMark : ''}`;
  const rows = r.items.map((x) => [name(x), x.places, x.firstYear === x.lastYear ? String(x.firstYear) : `${x.firstYear}–${x.lastYear}`]);
  return { parts: [head, htmlTable([t.indicator, t.coverageCol(w.places) + (r.year === null ? '' : ` (${r.year})`), t.years], rows)], visual: null };
}

/** One place's value in one year (a distribution over a single place), said as one value. */
export function writeSingleValue(r: DistributionResult, w: Writer): Written {
  const t = TEXT[w.locale];
  const label = indicatorLabel(r.indicator, w.locale);
  const place = w.name(r.lowest.place, 'place');
  const text = r.scope.kind === 'place' ? t.value(place, r.year, label, w.n(r.lowest.value)) : t.valueOnly(place, r.year, label, w.n(r.lowest.value));
  return { parts: [p(text), htmlTable([t.place(w.who), t.year, w.locale === 'pt-BR' ? 'Valor' : 'Value'], [[place, r.year, w.n(r.lowest.value)]])], visual: null };
}

/** The years ranked by an indicator's mean (highest first, or lowest first); equal means, the later year first. */
export function writeYearRanking(r: TrendResult, order: 'top' | 'bottom', w: Writer): Written {
  const t = TEXT[w.locale];
  const sign = order === 'top' ? -1 : 1;
  const ranked = [...r.points].sort((a, b) => sign * (a.mean - b.mean) || b.year - a.year);
  const [first, last] = [ranked[0]!, ranked.at(-1)!];
  const label = indicatorLabel(r.indicator, w.locale);
  const rank = w.locale === 'pt-BR' ? 'Posição' : 'Rank';
  // One country has one value a year: its values, not a mean over places with a count of ones.
  const onePlace = r.scope.kind === 'place';
  const text = onePlace
    ? t.yearTopOfPlace(label, w.scopeName(r.scope), order, first.year, w.n(first.mean), last.year, w.n(last.mean))
    : t.yearTop(label, w.scopeName(r.scope), order, first.year, w.n(first.mean), first.n, w.places, last.year, w.n(last.mean));
  const top = ranked.slice(0, 10);
  const table = onePlace
    ? htmlTable([rank, t.year, t.valueCol], top.map((x, i) => [i + 1, x.year, w.n(x.mean)]))
    : htmlTable([rank, t.year, t.mean, t.coverageCol(w.places)], top.map((x, i) => [i + 1, x.year, w.n(x.mean), x.n]));
  return {
    parts: [p(text), table],
    visual: { type: 'line', title: `${label} (${w.scopeName(r.scope)})`, categories: r.points.map((x) => String(x.year)), series: [{ name: onePlace ? t.valueCol : t.mean, values: r.points.map((x) => x.mean) }] },
  };
}

/** A trend over a single year: said as that year's value. */
export function writeOneYearTrend(r: TrendResult, w: Writer): Written {
  const t = TEXT[w.locale];
  const point = r.points[0]!;
  const label = indicatorLabel(r.indicator, w.locale);
  const scope = w.scopeName(r.scope);
  const text = r.scope.kind === 'place' ? t.trendOnePlace(label, scope, point.year, w.n(point.mean)) : t.trendOne(label, scope, point.year, w.n(point.mean), point.n, w.places);
  return { parts: [p(text), htmlTable([t.year, t.mean, t.coverageCol(w.places)], [[point.year, w.n(point.mean), point.n]])], visual: null };
}
