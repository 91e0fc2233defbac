import type { QuestionVisual, ReportLocale } from '@indicata/contracts';
import { escapeHtml } from '../sanitize.ts';
import { latestYear } from './compute.ts';
import type { IndicatorRef, Scope } from './compute.ts';
import type { AnalysisDataset } from './dataset.ts';
import { formatNumber, formatR, formatShare, htmlTable } from './format.ts';
import type { Outcome } from './run.ts';
import { placeName } from './understand.ts';
import { titledForReader } from './titles.ts';
import { writeChangeRanking } from './describe-change.ts';
import { indicatorLabel, writeYearRanking, writeBreakdown, writeCoverage, writeIndicators, writeNoBreakdown, writeOneYearTrend, writeRankingList, writeSingleValue, type Writer } from './describe-lists.ts';

/**
 * Writes an outcome for people: one short answer first, then a small table, and a chart where one helps.
 * English and Brazilian Portuguese; numbers in the locale's format.
 */

export interface WrittenAnswer {
  html: string;
  visual: QuestionVisual | null;
}

const REGION_PT: Record<string, string> = {
  Africa: 'África',
  Americas: 'Américas',
  'South-East Asia': 'Sudeste Asiático',
  Europe: 'Europa',
  'Eastern Mediterranean': 'Mediterrâneo Oriental',
  'Western Pacific': 'Pacífico Ocidental',
};

const TEXT = {
  en: {
    disclaimer: 'Built-in analyst: computed from the chosen data; not written by a language model.',
    places: (who: boolean) => (who ? 'countries' : 'places'),
    world: 'all countries',
    worldUpload: 'all places',
    count: (n: string, total: string, places: string, label: string, year: number | null) =>
      `${n} of the ${total} ${places} in the chosen data have ${year === null ? 'at least one value' : 'a value'} for ${label}${year === null ? '' : ` in ${year}`}.`,
    noRegions: (places: string) => `The chosen data has no regions, so its ${places} are ranked instead.`,
    countAll: (n: string, total: string, places: string, year: number | null) =>
      year === null ? `The chosen data covers ${n} ${places}.` : `In ${year}, ${n} of the ${total} ${places} in the chosen data have a value of at least one chosen indicator.`,
    targetGaps: (label: string, missing: number, rows: number, share: string, inside: number, first: number, last: number) =>
      `The target ${label} has no value in ${missing} of the ${rows} rows of the chosen data (${share}); ${inside} of them fall between its first and last years with a value (${first}–${last}), the gaps a model can fill without extrapolating.`,
    region: 'Region',
    indicator: 'Indicator',
    missingCol: 'Missing',
    shareCol: 'Share missing',
    missingTop: (label: string, missing: number, rows: number, share: string, basis: string) => `${label} misses the most values: ${missing} of ${rows} rows (${share}) ${basis}.`,
    missingFewest: (label: string, missing: number, rows: number, share: string, basis: string) => `${label} misses the fewest values: ${missing} of ${rows} rows (${share}) ${basis}.`,
    complete: (count: number, list: string, rows: number, basis: string) =>
      count === 1 ? `${list} has a value in all ${rows} rows ${basis}.` : `${count} indicators have a value in all ${rows} rows ${basis}: ${list}.`,
    missingOne: (label: string, missing: number, rows: number, share: string, basis: string) => `${label} misses ${missing} of ${rows} rows (${share}) ${basis}.`,
    basisTarget: (target: string) => `where the target ${target} has a value`,
    basisAll: 'of the chosen data',
    noneMissing: 'No chosen indicator misses a value on these rows.',
    distribution: (year: number, scope: string, label: string, min: string, lowest: string, max: string, highest: string, n: number, places: string, median: string, mean: string) =>
      `In ${year}${scope}, ${label} ranged from ${min} (${lowest}) to ${max} (${highest}) over ${n} ${places}; median ${median}, mean ${mean}.`,
    statistic: 'Statistic',
    value: 'Value',
    stats: ['Values', 'Minimum', 'First quartile', 'Median', 'Third quartile', 'Maximum', 'Mean'],
    trend: (label: string, scope: string, first: string, y0: number, last: string, y1: number, change: string) =>
      `${label} (${scope}, mean over places with a value) went from ${first} in ${y0} to ${last} in ${y1}, a change of ${change}.`,
    trendOfPlace: (label: string, place: string, first: string, y0: number, last: string, y1: number, change: string) =>
      `${label} (${place}) went from ${first} in ${y0} to ${last} in ${y1}, a change of ${change}.`,
    year: 'Year',
    mean: 'Mean',
    count_: (places: string) => `${places[0]!.toUpperCase()}${places.slice(1)} with a value`,
    rankTop: (year: number, name: string, label: string, v: string, lastName: string, lastV: string) => `In ${year}, ${name} had the highest mean ${label} (${v}); ${lastName} the lowest (${lastV}).`,
    rankBottom: (year: number, name: string, label: string, v: string, lastName: string, lastV: string) => `In ${year}, ${name} had the lowest mean ${label} (${v}); ${lastName} the highest (${lastV}).`,
    rankPlaceTop: (year: number, name: string, label: string, v: string) => `In ${year}, ${name} had the highest ${label}: ${v}.`,
    rankPlaceBottom: (year: number, name: string, label: string, v: string) => `In ${year}, ${name} had the lowest ${label}: ${v}.`,
    rank: 'Rank',
    name: (by: 'region' | 'place', who: boolean) => (by === 'region' ? 'WHO region' : who ? 'Country' : 'Place'),
    correlation: (a: string, b: string, p: string, s: string, n: number, year: number | null, strength: string) =>
      `${a} and ${b}: Pearson r = ${p}, Spearman ρ = ${s}, over ${n} ${year === null ? 'place-years' : `places in ${year}`} where both have a value (${strength}).`,
    strength: (r: number) => {
      const a = Math.abs(r);
      const size = a >= 0.7 ? 'a strong' : a >= 0.4 ? 'a moderate' : a >= 0.2 ? 'a weak' : 'little or no';
      return a < 0.2 ? 'little or no monotonic association' : `${size} ${r > 0 ? 'positive' : 'negative'} association`;
    },
    measure: 'Measure',
    pairs: 'Pairs',
    correlationNote:
      'Correlation says that two indicators move together in these data; it does not show that one causes the other, a third factor (income, for instance) can drive both, and pooled years count each country many times.',
    related: (label: string, target: string, s: string, p: string, n: number) => `${label} relates most to the target ${target}: Spearman ρ = ${s}, Pearson r = ${p} over ${n} rows.`,
    relatedNone: (target: string) => `No chosen input has enough rows in common with the target ${target} to compute a correlation.`,
    compareRegions: (year: number, label: string, a: string, va: string, na: number, b: string, vb: string, nb: number, diff: string) =>
      `In ${year}, the mean ${label} was ${va} in ${a} (${na} with a value) and ${vb} in ${b} (${nb}): a difference of ${diff}.`,
    comparePlaces: (year: number, label: string, a: string, va: string, b: string, vb: string, diff: string) => `In ${year}, ${label} was ${va} in ${a} and ${vb} in ${b}: a difference of ${diff}.`,
    compareYears: (label: string, scope: string, y1: number, v1: string, y2: number, v2: string, diff: string) => `${label} (${scope}) was ${v1} in ${y1} and ${v2} in ${y2}: a change of ${diff}.`,
    ambiguous: (words: string) => `Several chosen indicators fit "${words}". Which one do you mean? Ask again with its name:`,
    noIndicator: (wanted: string) => (wanted === 'target' ? 'Choose a target on the configuration page (Step 1.3) first: this question is about the target.' : `None of the chosen indicators matches "${wanted}". The chosen data has:`),
    noData: (label: string, year: number | null) => `The chosen data has no values of ${label}${year === null ? ' for that' : ` in ${year}`}.`,
    noDataCorrelation: (label: string) => `There are too few rows where ${label} and the other indicator both have values to compute a correlation.`,
    refuse: "I can't compute that from the data. I compute counts, coverage, distributions, trends, rankings, correlations and comparisons of the chosen indicators. For example:",
    suggestions: (a: string, b: string | null, year: number | null) => [
      `How many countries have data for ${a}${year ? ` in ${year}` : ''}?`,
      b ? `Is ${a} correlated with ${b}?` : `What is the trend of ${a} over the years?`,
      `Which region had the highest ${a}${year ? ` in ${year}` : ''}?`,
    ],
  },
  'pt-BR': {
    disclaimer: 'Analista embutido: calculado a partir dos dados escolhidos; não foi escrito por um modelo de linguagem.',
    places: (who: boolean) => (who ? 'países' : 'lugares'),
    world: 'todos os países',
    worldUpload: 'todos os lugares',
    count: (n: string, total: string, places: string, label: string, year: number | null) =>
      `${n} dos ${total} ${places} dos dados escolhidos têm ${year === null ? 'ao menos um valor' : 'valor'} de ${label}${year === null ? '' : ` em ${year}`}.`,
    noRegions: (places: string) => `Os dados escolhidos não têm regiões; por isso, os ${places} são classificados.`,
    countAll: (n: string, total: string, places: string, year: number | null) =>
      year === null ? `Os dados escolhidos cobrem ${n} ${places}.` : `Em ${year}, ${n} dos ${total} ${places} dos dados escolhidos têm valor de ao menos um indicador escolhido.`,
    targetGaps: (label: string, missing: number, rows: number, share: string, inside: number, first: number, last: number) =>
      `O alvo ${label} não tem valor em ${missing} das ${rows} linhas dos dados escolhidos (${share}); ${inside} delas ficam entre o primeiro e o último ano com valor (${first}–${last}), as lacunas que um modelo pode preencher sem extrapolar.`,
    region: 'Região',
    indicator: 'Indicador',
    missingCol: 'Ausentes',
    shareCol: 'Parcela ausente',
    missingTop: (label: string, missing: number, rows: number, share: string, basis: string) => `${label} é o indicador com mais valores ausentes: ${missing} de ${rows} linhas (${share}) ${basis}.`,
    missingFewest: (label: string, missing: number, rows: number, share: string, basis: string) => `${label} é o indicador com menos valores ausentes: ${missing} de ${rows} linhas (${share}) ${basis}.`,
    complete: (count: number, list: string, rows: number, basis: string) =>
      count === 1 ? `${list} tem valor em todas as ${rows} linhas ${basis}.` : `${count} indicadores têm valor em todas as ${rows} linhas ${basis}: ${list}.`,
    missingOne: (label: string, missing: number, rows: number, share: string, basis: string) => `${label} não tem valor em ${missing} de ${rows} linhas (${share}) ${basis}.`,
    basisTarget: (target: string) => `em que o alvo ${target} tem valor`,
    basisAll: 'dos dados escolhidos',
    noneMissing: 'Nenhum indicador escolhido tem valores ausentes nessas linhas.',
    distribution: (year: number, scope: string, label: string, min: string, lowest: string, max: string, highest: string, n: number, places: string, median: string, mean: string) =>
      `Em ${year}${scope}, ${label} variou de ${min} (${lowest}) a ${max} (${highest}) em ${n} ${places}; mediana ${median}, média ${mean}.`,
    statistic: 'Estatística',
    value: 'Valor',
    stats: ['Valores', 'Mínimo', 'Primeiro quartil', 'Mediana', 'Terceiro quartil', 'Máximo', 'Média'],
    trend: (label: string, scope: string, first: string, y0: number, last: string, y1: number, change: string) =>
      `${label} (${scope}, média dos lugares com valor) passou de ${first} em ${y0} para ${last} em ${y1}, uma variação de ${change}.`,
    trendOfPlace: (label: string, place: string, first: string, y0: number, last: string, y1: number, change: string) =>
      `${label} (${place}) passou de ${first} em ${y0} para ${last} em ${y1}, uma variação de ${change}.`,
    year: 'Ano',
    mean: 'Média',
    count_: (places: string) => `${places[0]!.toUpperCase()}${places.slice(1)} com valor`,
    rankTop: (year: number, name: string, label: string, v: string, lastName: string, lastV: string) => `Em ${year}, ${name} teve a maior média de ${label} (${v}); ${lastName} a menor (${lastV}).`,
    rankBottom: (year: number, name: string, label: string, v: string, lastName: string, lastV: string) => `Em ${year}, ${name} teve a menor média de ${label} (${v}); ${lastName} a maior (${lastV}).`,
    rankPlaceTop: (year: number, name: string, label: string, v: string) => `Em ${year}, ${name} teve o maior valor de ${label}: ${v}.`,
    rankPlaceBottom: (year: number, name: string, label: string, v: string) => `Em ${year}, ${name} teve o menor valor de ${label}: ${v}.`,
    rank: 'Posição',
    name: (by: 'region' | 'place', who: boolean) => (by === 'region' ? 'Região da OMS' : who ? 'País' : 'Lugar'),
    correlation: (a: string, b: string, p: string, s: string, n: number, year: number | null, strength: string) =>
      `${a} e ${b}: r de Pearson = ${p}, ρ de Spearman = ${s}, em ${n} ${year === null ? 'pares lugar-ano' : `lugares em ${year}`} em que ambos têm valor (${strength}).`,
    strength: (r: number) => {
      const a = Math.abs(r);
      if (a < 0.2) return 'pouca ou nenhuma associação monotônica';
      const size = a >= 0.7 ? 'forte' : a >= 0.4 ? 'moderada' : 'fraca';
      return `associação ${r > 0 ? 'positiva' : 'negativa'} ${size}`;
    },
    measure: 'Medida',
    pairs: 'Pares',
    correlationNote:
      'A correlação diz que os dois indicadores variam juntos nestes dados; não mostra que um causa o outro, um terceiro fator (a renda, por exemplo) pode mover os dois, e anos agrupados contam cada país muitas vezes.',
    related: (label: string, target: string, s: string, p: string, n: number) => `${label} é o que mais se relaciona com o alvo ${target}: ρ de Spearman = ${s}, r de Pearson = ${p} em ${n} linhas.`,
    relatedNone: (target: string) => `Nenhuma entrada escolhida tem linhas suficientes em comum com o alvo ${target} para calcular uma correlação.`,
    compareRegions: (year: number, label: string, a: string, va: string, na: number, b: string, vb: string, nb: number, diff: string) =>
      `Em ${year}, a média de ${label} foi ${va} em ${a} (${na} com valor) e ${vb} em ${b} (${nb}): uma diferença de ${diff}.`,
    // "em Brasil" is not Portuguese ("no Brasil", "na Argentina"): the places stand before their values instead.
    comparePlaces: (year: number, label: string, a: string, va: string, b: string, vb: string, diff: string) => `Em ${year}, ${label}: ${a} ${va} e ${b} ${vb}, uma diferença de ${diff}.`,
    compareYears: (label: string, scope: string, y1: number, v1: string, y2: number, v2: string, diff: string) => `${label} (${scope}) foi ${v1} em ${y1} e ${v2} em ${y2}: uma variação de ${diff}.`,
    ambiguous: (words: string) => `Vários indicadores escolhidos correspondem a "${words}". Qual deles? Pergunte de novo com o nome:`,
    noIndicator: (wanted: string) =>
      wanted === 'target' ? 'Escolha antes um alvo na página de configuração (Etapa 1.3): esta pergunta é sobre o alvo.' : `Nenhum dos indicadores escolhidos corresponde a "${wanted}". Os dados escolhidos têm:`,
    noData: (label: string, year: number | null) => `Os dados escolhidos não têm valores de ${label}${year === null ? ' para isso' : ` em ${year}`}.`,
    noDataCorrelation: (label: string) => `Há poucas linhas em que ${label} e o outro indicador têm valor para calcular uma correlação.`,
    refuse:
      'Não consigo calcular isso a partir dos dados. Eu calculo contagens, cobertura, distribuições, tendências, classificações, correlações e comparações dos indicadores escolhidos. Por exemplo:',
    suggestions: (a: string, b: string | null, year: number | null) => [
      `Quantos países têm dados de ${a}${year ? ` em ${year}` : ''}?`,
      b ? `${a} está correlacionado com ${b}?` : `Qual a tendência de ${a} ao longo dos anos?`,
      `Qual região teve o maior valor de ${a}${year ? ` em ${year}` : ''}?`,
    ],
  },
} as const;

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
const signed = (value: number, locale: ReportLocale) => `${value > 0 ? '+' : ''}${formatNumber(value, locale)}`;

/**
 * Writes the outcome of a question.
 * @param outcome what the computation gave
 * @param dataset the chosen data (for names and suggestions)
 * @param locale language of the answer
 */
export function describeOutcome(computed: Outcome, data: AnalysisDataset, locale: ReportLocale): WrittenAnswer {
  const { outcome, dataset } = titledForReader(computed, data, locale);
  const t = TEXT[locale];
  const who = dataset.kind === 'who';
  const places = t.places(who);
  const n = (v: number) => formatNumber(v, locale);
  const region = (name: string) => (locale === 'pt-BR' ? REGION_PT[name] ?? name : name);
  const place = (name: string) => placeName(name, locale, dataset.kind);
  const scopeName = (scope: Scope) => (scope.kind === 'world' ? (who ? t.world : t.worldUpload) : scope.kind === 'region' ? region(scope.name) : place(scope.name));
  const parts: string[] = [];
  let visual: QuestionVisual | null = null;
  const lab = (ref: IndicatorRef) => indicatorLabel(ref, locale);
  const writer: Writer = { locale, who, places, n, name: (name, by) => (by === 'region' ? region(name) : place(name)), scopeName };
  /**
   * The figure columns of a table of means (by year, region or place): one place has one value a year, so a table of
   * single places gives that value, not a mean beside a count column of ones.
   */
  const figures = (onePlace: boolean) => ({
    headers: onePlace ? [t.value] : [t.mean, t.count_(places)],
    cells: (mean: number | null, count: number) => {
      const shown = mean === null ? '—' : n(mean);
      return onePlace ? [shown] : [shown, count];
    },
    series: onePlace ? t.value : t.mean,
  });
  const lists = (written: { parts: string[]; visual: QuestionVisual | null }) => {
    parts.push(...written.parts);
    visual = written.visual;
  };

  switch (outcome.kind) {
    case 'coverage':
      lists(writeCoverage(outcome.result, writer));
      break;
    case 'breakdown':
      lists(writeBreakdown(outcome.result, writer));
      break;
    case 'indicators':
      lists(writeIndicators(outcome.result, writer));
      break;
    case 'no-breakdown':
      lists(writeNoBreakdown(outcome.column.label, outcome.type, writer));
      parts.push(ul(suggestions(dataset, locale)));
      break;
    case 'count': {
      const r = outcome.result;
      const indicator = r.indicator;
      parts.push(p(indicator ? t.count(String(r.places), String(r.totalPlaces), places, lab(indicator), r.year) : t.countAll(String(r.places), String(r.totalPlaces), places, r.year)));
      if (r.byRegion.length > 0) {
        parts.push(htmlTable([t.region, t.count_(places)], r.byRegion.map((x) => [region(x.region), x.places])));
        const title = indicator ? lab(indicator) : t.count_(places);
        visual = { type: 'bar', title, categories: r.byRegion.map((x) => region(x.region)), series: [{ name: t.count_(places), values: r.byRegion.map((x) => x.places) }] };
      }
      break;
    }
    case 'change-ranking':
      lists(writeChangeRanking(outcome.result, outcome.listed, writer));
      break;
    case 'target-gaps': {
      const r = outcome.result;
      parts.push(p(t.targetGaps(lab(r.target), r.missing, r.rows, formatShare(r.rows ? r.missing / r.rows : 0, locale), r.inside, r.first, r.last)));
      break;
    }
    case 'missing': {
      const r = outcome.result;
      const basis = r.target ? t.basisTarget(r.target.label) : t.basisAll;
      const named = outcome.column ? r.columns.find((c) => c.indicator.name === outcome.column!.name) : undefined;
      const top = r.columns[0];
      if (named) parts.push(p(t.missingOne(lab(named.indicator), named.missing, r.rows, formatShare(named.share, locale), basis)));
      else if (!top || r.columns.every((c) => c.missing === 0)) parts.push(p(t.noneMissing));
      else if (outcome.order === 'fewest' && top.missing === 0) {
        // Complete indicators tie for the fewest: all of them are named, not the first by name.
        const complete = r.columns.filter((c) => c.missing === 0);
        const listed = complete.slice(0, 5).map((c) => lab(c.indicator)).join(', ') + (complete.length > 5 ? ' …' : '');
        parts.push(p(t.complete(complete.length, listed, r.rows, basis)));
      } else parts.push(p((outcome.order === 'fewest' ? t.missingFewest : t.missingTop)(lab(top.indicator), top.missing, r.rows, formatShare(top.share, locale), basis)));
      const shown = r.columns.slice(0, 12);
      parts.push(htmlTable([t.indicator, t.missingCol, t.shareCol], shown.map((c) => [c.indicator.label, c.missing, formatShare(c.share, locale)])));
      visual = { type: 'bar', title: t.shareCol, categories: shown.map((c) => c.indicator.label), series: [{ name: t.shareCol, values: shown.map((c) => Number((c.share * 100).toFixed(1))) }] };
      break;
    }
    case 'distribution': {
      const r = outcome.result;
      if (r.n === 1) {
        lists(writeSingleValue(r, writer));
        break;
      }
      const scope = r.scope.kind === 'world' ? '' : locale === 'pt-BR' ? ` (${scopeName(r.scope)})` : ` (${scopeName(r.scope)})`;
      parts.push(p(t.distribution(r.year, scope, lab(r.indicator), n(r.min), place(r.lowest.place), n(r.max), place(r.highest.place), r.n, places, n(r.median), n(r.mean))));
      const values = [r.n, r.min, r.q1, r.median, r.q3, r.max, r.mean];
      parts.push(htmlTable([t.statistic, t.value], t.stats.map((s, i) => [s, i === 0 ? String(values[i]) : n(values[i]!)])));
      break;
    }
    case 'trend': {
      const r = outcome.result;
      if (r.points.length === 1) {
        lists(writeOneYearTrend(r, writer));
        break;
      }
      if (outcome.rankYears) {
        lists(writeYearRanking(r, outcome.rankYears, writer));
        break;
      }
      const first = r.points[0]!;
      const last = r.points[r.points.length - 1]!;
      // One place has one value a year: no mean over places to speak of.
      const onePlace = r.scope.kind === 'place';
      const f = figures(onePlace);
      parts.push(p((onePlace ? t.trendOfPlace : t.trend)(lab(r.indicator), scopeName(r.scope), n(first.mean), first.year, n(last.mean), last.year, signed(r.change, locale))));
      parts.push(htmlTable([t.year, ...f.headers], r.points.map((x) => [x.year, ...f.cells(x.mean, x.n)])));
      visual = { type: 'line', title: `${lab(r.indicator)} (${scopeName(r.scope)})`, categories: r.points.map((x) => String(x.year)), series: [{ name: f.series, values: r.points.map((x) => x.mean) }] };
      break;
    }
    case 'ranking': {
      const r = outcome.result;
      if (outcome.noRegions) parts.push(p(t.noRegions(places)));
      if ((outcome.listed ?? 1) > 1 || r.items.length === 1) {
        lists(writeRankingList(r, outcome.listed ?? 1, writer));
        break;
      }
      const label = (name: string) => (r.by === 'region' ? region(name) : place(name));
      const first = r.items[0]!;
      const last = r.items[r.items.length - 1]!;
      if (r.by === 'region') parts.push(p((r.order === 'top' ? t.rankTop : t.rankBottom)(r.year, label(first.name), lab(r.indicator), n(first.mean), label(last.name), n(last.mean))));
      else parts.push(p((r.order === 'top' ? t.rankPlaceTop : t.rankPlaceBottom)(r.year, label(first.name), lab(r.indicator), n(first.mean))));
      // Countries ranked: each its value, as the listed ranking gives them.
      const f = figures(r.by === 'place');
      parts.push(htmlTable([t.rank, t.name(r.by, who), ...f.headers], r.items.map((x, i) => [i + 1, label(x.name), ...f.cells(x.mean, x.n)])));
      visual = { type: 'bar', title: `${lab(r.indicator)}, ${r.year}`, categories: r.items.map((x) => label(x.name)), series: [{ name: f.series, values: r.items.map((x) => x.mean) }] };
      break;
    }
    case 'correlation': {
      const r = outcome.result;
      parts.push(p(t.correlation(r.a.label, r.b.label, formatR(r.pearson, locale), formatR(r.spearman, locale), r.n, r.year, t.strength(r.spearman ?? r.pearson ?? 0))));
      parts.push(htmlTable([t.measure, t.value], [['Pearson r', formatR(r.pearson, locale)], ['Spearman ρ', formatR(r.spearman, locale)], [t.pairs, r.n]]));
      parts.push(`<p><small>${escapeHtml(t.correlationNote)}</small></p>`);
      break;
    }
    case 'related': {
      const r = outcome.result;
      const top = r.items[0];
      if (!top) parts.push(p(t.relatedNone(r.target.label)));
      else {
        parts.push(p(t.related(lab(top.indicator), r.target.label, formatR(top.spearman, locale), formatR(top.pearson, locale), top.n)));
        parts.push(htmlTable([t.indicator, 'Spearman ρ', 'Pearson r', t.pairs], r.items.map((x) => [x.indicator.label, formatR(x.spearman, locale), formatR(x.pearson, locale), x.n])));
        visual = { type: 'bar', title: `Spearman ρ: ${r.target.label}`, categories: r.items.map((x) => x.indicator.label), series: [{ name: 'Spearman ρ', values: r.items.map((x) => Number(x.spearman.toFixed(3))) }] };
        parts.push(`<p><small>${escapeHtml(t.correlationNote)}</small></p>`);
      }
      break;
    }
    case 'compare': {
      const r = outcome.result;
      const [a, b] = r.items as [(typeof r.items)[number], (typeof r.items)[number]];
      // Countries (not regions) have one value a year each: no mean over places, no count of ones.
      const onePlaceEach = r.items.every((x) => x.scope.kind === 'place');
      if (r.mode === 'regions' && onePlaceEach) {
        parts.push(p(t.comparePlaces(a.year, lab(r.indicator), scopeName(a.scope), n(a.mean!), scopeName(b.scope), n(b.mean!), signed(r.difference!, locale))));
      } else if (r.mode === 'regions') {
        parts.push(p(t.compareRegions(a.year, lab(r.indicator), scopeName(a.scope), n(a.mean!), a.n, scopeName(b.scope), n(b.mean!), b.n, signed(r.difference!, locale))));
      } else {
        parts.push(p(t.compareYears(lab(r.indicator), scopeName(a.scope), a.year, n(a.mean!), b.year, n(b.mean!), signed(r.difference!, locale))));
      }
      const labelOf = (x: typeof a) => (r.mode === 'regions' ? scopeName(x.scope) : String(x.year));
      const first = r.mode === 'regions' ? (onePlaceEach ? t.name('place', who) : t.region) : t.year;
      const f = figures(onePlaceEach);
      parts.push(htmlTable([first, ...f.headers], r.items.map((x) => [labelOf(x), ...f.cells(x.mean, x.n)])));
      visual = { type: 'bar', title: lab(r.indicator), categories: r.items.map(labelOf), series: [{ name: f.series, values: r.items.map((x) => x.mean) }] };
      break;
    }
    case 'ambiguous':
      parts.push(p(t.ambiguous(outcome.words)), ul(outcome.candidates.map((c) => (c.label === c.name ? c.name : `${c.label} (${c.name})`))));
      break;
    case 'no-indicator':
      parts.push(p(t.noIndicator(outcome.wanted)));
      if (outcome.wanted !== 'target') parts.push(ul(dataset.columns.slice(0, 15).map((c) => c.label)));
      break;
    case 'no-data':
      parts.push(p(outcome.column ? t.noData(lab(outcome.column), outcome.year) : t.refuse));
      parts.push(ul(suggestions(dataset, locale)));
      break;
    case 'refuse':
      parts.push(p(t.refuse), ul(suggestions(dataset, locale)));
      break;
  }
  parts.push(`<p><small><em>${escapeHtml(t.disclaimer)}</em></small></p>`);
  return { html: parts.join(''), visual };
}

/** Two or three questions the analyst can answer about this data. */
export function suggestions(dataset: AnalysisDataset, locale: ReportLocale): string[] {
  const ordered = [...dataset.columns].sort((a, b) => (a.name === dataset.target ? -1 : b.name === dataset.target ? 1 : 0));
  const first = ordered[0];
  if (!first) return [];
  const second = ordered[1] ?? null;
  const list = TEXT[locale].suggestions(first.label, second?.label ?? null, latestYear(dataset, first));
  return dataset.region ? list : list.slice(0, 2);
}
