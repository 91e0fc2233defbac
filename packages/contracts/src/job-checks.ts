/**
 * The checks of a job configuration against the data it names, shared by POST /api/jobs (facts from the WHO
 * catalog or the upload record) and the wizard (facts from the indicator list or the upload it loaded): the
 * target's dimension, the test year and region, the test share, the time and region columns, the attributes to
 * discretize, and the manual class tables. Whatever the worker would refuse or quietly ignore for the
 * configuration alone is refused here, naming the field and what is allowed (English and Portuguese).
 */
import { localeNumber, type HelpLocale } from './hyperparameters.ts';
import { parseFeatureDiscretization } from './job-config.ts';

/** What a job's data offers, as far as the configuration's checks need it. */
export interface JobDataFacts {
  source: 'WHO' | 'upload';
  /** The data's time and region columns (WHO: year and regionName; an upload: the columns chosen at upload). */
  timeDimension: string;
  regionDimension: string;
  /** The target's dimension keys (SEX_FMLE ...); empty when it has none, and for an upload. */
  targetDimensions: string[];
  /** Years with a value of the target (its chosen dimension). */
  years: number[];
  /** Each place or region a test may be restricted to, with the years it has a target value. */
  regionYears: Record<string, number[]>;
  /** Which of the indicators the configuration names exist in the data (codes or the upload's numeric columns). */
  indicators: string[];
}

/** A refused field of a job (its path under `data`) and why, with what is allowed. */
export interface JobFieldProblem {
  field: string;
  message: string;
}

/** The parts of a job configuration the checks read (the raw request after the schema). */
export interface CheckedJobData {
  codePredictionIndicator: string;
  predictionIndicatorDimensions: string[];
  predictionIndicatorYear: number | null;
  predictionIndicatorRegion: string | null;
  fracUsedToTest: number | null;
  timeDimension: string;
  regionDimension: string;
  indicatorsAnalyzingCode: string[];
  groupsCategorizationFeatures: string;
  groupsCategorizationManual: Record<string, [string, number, number]> | null;
}

export const JOB_CHECK_MESSAGES = {
  en: {
    column: '{field} must be "{expected}", the {what} column of the chosen data; it was "{given}".',
    noDimensions: 'The target {code} has no dimensions; leave the dimension empty (it was {given}).',
    dimension: 'The target {code} has no dimension {given}; its dimensions are {allowed}.',
    year: 'The target has no value in {year}; choose a year from {first} to {last} that has values ({years}).',
    firstYear: 'The test year {year} is the first year of the target: no earlier year is left to train on. Choose a later year ({years}).',
    oneYear: 'The target has values in {year} only: no earlier year is left to train on. Choose a target with values in more than one year.',
    region: 'The data has no place or region "{region}"; choose one of {allowed}.',
    regionYear: '"{region}" has no value of the target in {year}; its years with values are {years}.',
    regionWithPercent: 'A test region applies only with a target year; with a percentage for testing every region is tested. Remove the region.',
    fewYears: 'A percentage for testing needs at least two years of the target (the data has {years}). Choose a target year instead.',
    percent: 'With {years} years of the target, the percentage for testing must be from {min}% to {max}% so that at least one year is tested and one trained on; it was {given}%.',
    featureUnknown: 'The attribute to discretize "{indicator}" is not an indicator of the chosen data. Choose indicators from the chosen data.',
    featureTarget: 'The attribute to discretize "{indicator}" is the target; the target is discretized by its own classes.',
    featureNotChosen: 'The attribute to discretize "{indicator}" is not among the chosen indicators ({chosen}). Choose it there too, or remove it here.',
    onlyTarget: 'The chosen indicators hold only the target "{indicator}", which is never its own input. Choose at least one other indicator, or clear the list to let the selection rules choose.',
    knnNeighbors: 'KNNnNeighbors: {k} is more than the {rows} training rows; a vote cannot have more neighbours than rows. Choose at most {rows}.',
    classOrder: 'Class {index} "{title}": its minimum {min} must be below its maximum {max}.',
    classOverlap: 'Classes "{first}" ({firstMin} to {firstMax}) and "{second}" ({secondMin} to {secondMax}) overlap: a value would belong to both. Make each class start where the previous one ends, or later.',
  },
  'pt-BR': {
    column: '{field} deve ser "{expected}", a coluna de {what} dos dados escolhidos; era "{given}".',
    noDimensions: 'O alvo {code} não tem dimensões; deixe a dimensão vazia (era {given}).',
    dimension: 'O alvo {code} não tem a dimensão {given}; suas dimensões são {allowed}.',
    year: 'O alvo não tem valor em {year}; escolha um ano de {first} a {last} que tenha valores ({years}).',
    firstYear: 'O ano de teste {year} é o primeiro ano do alvo: não sobra ano anterior para treinar. Escolha um ano posterior ({years}).',
    oneYear: 'O alvo tem valores apenas em {year}: não sobra ano anterior para treinar. Escolha um alvo com valores em mais de um ano.',
    region: 'Os dados não têm o local ou região "{region}"; escolha um de {allowed}.',
    regionYear: '"{region}" não tem valor do alvo em {year}; seus anos com valores são {years}.',
    regionWithPercent: 'Uma região de teste só se aplica com um ano-alvo; com uma porcentagem para teste todas as regiões são testadas. Remova a região.',
    fewYears: 'Uma porcentagem para teste requer ao menos dois anos do alvo (os dados têm {years}). Escolha um ano-alvo.',
    percent: 'Com {years} anos do alvo, a porcentagem para teste deve ser de {min}% a {max}% para que ao menos um ano seja testado e um usado no treino; era {given}%.',
    featureUnknown: 'O atributo a discretizar "{indicator}" não é um indicador dos dados escolhidos. Escolha indicadores dos dados escolhidos.',
    featureTarget: 'O atributo a discretizar "{indicator}" é o alvo; o alvo é discretizado por suas próprias classes.',
    featureNotChosen: 'O atributo a discretizar "{indicator}" não está entre os indicadores escolhidos ({chosen}). Escolha-o lá também, ou remova-o aqui.',
    onlyTarget: 'Os indicadores escolhidos contêm apenas o alvo "{indicator}", que nunca é entrada de si mesmo. Escolha ao menos um outro indicador, ou limpe a lista para que as regras de seleção escolham.',
    knnNeighbors: 'KNNnNeighbors: {k} é mais que as {rows} linhas de treino; uma votação não pode ter mais vizinhos que linhas. Escolha no máximo {rows}.',
    classOrder: 'Classe {index} "{title}": seu mínimo {min} deve ser menor que seu máximo {max}.',
    classOverlap: 'As classes "{first}" ({firstMin} a {firstMax}) e "{second}" ({secondMin} a {secondMax}) se sobrepõem: um valor pertenceria às duas. Faça cada classe começar onde a anterior termina, ou depois.',
  },
} as const;

type MessageName = keyof (typeof JOB_CHECK_MESSAGES)['en'];

function say(locale: HelpLocale, name: MessageName, values: Record<string, string | number>): string {
  return JOB_CHECK_MESSAGES[locale][name].replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** At most `max` names, quoted and cut, then "…". */
function listed(names: readonly (string | number)[], max = 8): string {
  const shown = names.slice(0, max).map((n) => (typeof n === 'number' ? String(n) : `"${n.slice(0, 60)}"`));
  return names.length > max ? `${shown.join(', ')}, …` : shown.join(', ');
}

/** Years as ranges: 2000-2009, 2012. */
export function yearRanges(years: readonly number[]): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j;
  }
  return parts.join(', ');
}

/**
 * The test share's range for `years` years of data: the engine tests on the most recent whole years whose share
 * of rows is closest to the percentage, so with years of about equal size a share below half a year's would still
 * test a whole year (what was asked is ignored), and one above all but half a year would leave no training year.
 */
export function testPercentRange(years: number): { min: number; max: number } {
  const half = 100 / (2 * years);
  return { min: half, max: 100 - half };
}

/**
 * Manual class table problems: each class's minimum below its maximum, and no two classes overlapping (one may
 * start where the previous ends). A value in two classes would go to one of them without the person knowing.
 * @param classes in the table's order
 */
export function manualClassProblems(classes: readonly { title: string; min: number; max: number }[], locale: HelpLocale = 'en'): string[] {
  const n = (v: number) => localeNumber(v, locale);
  const problems: string[] = [];
  classes.forEach((c, i) => {
    if (!(c.min < c.max)) problems.push(say(locale, 'classOrder', { index: i + 1, title: c.title, min: n(c.min), max: n(c.max) }));
  });
  if (problems.length > 0) return problems;
  const sorted = [...classes].sort((a, b) => a.min - b.min);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]];
    if (b.min < a.max) {
      problems.push(say(locale, 'classOverlap', { first: a.title, firstMin: n(a.min), firstMax: n(a.max), second: b.title, secondMin: n(b.min), secondMax: n(b.max) }));
    }
  }
  return problems;
}

/**
 * A KNN neighbour count above the training rows of the job's split, or null: scikit-learn refuses one at fit, and
 * with a count near the rows every prediction reads the whole training set.
 * @param knnConfig the job's KNNConfig ('auto' or the explicit parameters)
 * @param trainRows rows with a target value in the training years
 */
export function knnNeighborsProblem(knnConfig: unknown, trainRows: number, locale: HelpLocale = 'en'): JobFieldProblem | null {
  if (typeof knnConfig !== 'object' || knnConfig === null) return null;
  const counts = (knnConfig as { KNNnNeighbors?: unknown }).KNNnNeighbors;
  if (!Array.isArray(counts) || trainRows <= 0) return null;
  const largest = Math.max(...counts.filter((k): k is number => typeof k === 'number'));
  if (!(largest > trainRows)) return null;
  return { field: 'KNNConfig.KNNnNeighbors', message: say(locale, 'knnNeighbors', { k: largest, rows: trainRows }) };
}

/** The test share's problem for `years` years of the target, or null. */
export function testPercentProblem(percent: number, years: number, locale: HelpLocale = 'en'): string | null {
  if (years < 2) return say(locale, 'fewYears', { years });
  const { min, max } = testPercentRange(years);
  if (percent >= min && percent <= max) return null;
  // Shown rounded inward, so a value typed as shown is accepted.
  const shown = (v: number, round: (x: number) => number) => localeNumber(round(v * 100) / 100, locale);
  return say(locale, 'percent', { years, min: shown(min, Math.ceil), max: shown(max, Math.floor), given: localeNumber(percent, locale) });
}

/**
 * The test year's problem for the target's years, or null: a year without values tests nothing, and the first
 * year (or the only one) leaves no earlier year to train on.
 * @param year the test year
 * @param targetYears the years with a value of the target
 */
export function testYearProblem(year: number, targetYears: readonly number[], locale: HelpLocale = 'en'): string | null {
  const years = [...new Set(targetYears)].sort((a, b) => a - b);
  if (!years.includes(year)) {
    return years.length === 0 ? say(locale, 'fewYears', { years: 0 }) : say(locale, 'year', { year, first: years[0], last: years[years.length - 1], years: yearRanges(years) });
  }
  if (years.length === 1) return say(locale, 'oneYear', { year });
  if (year === years[0]) return say(locale, 'firstYear', { year, years: yearRanges(years.slice(1)) });
  return null;
}

function dimensionProblem(data: CheckedJobData, facts: JobDataFacts, locale: HelpLocale): string | null {
  const given = data.predictionIndicatorDimensions.filter((d) => d !== '');
  if (given.length === 0) return null;
  if (facts.targetDimensions.length === 0) return say(locale, 'noDimensions', { code: data.codePredictionIndicator, given: listed(given) });
  // As the worker resolves it: the key itself (SEX_FMLE) or its value (FMLE).
  const unknown = given.find((d) => !facts.targetDimensions.some((key) => key === d || key.endsWith(`_${d}`)));
  return unknown === undefined ? null : say(locale, 'dimension', { code: data.codePredictionIndicator, given: unknown, allowed: facts.targetDimensions.join(', ') });
}

function splitProblems(data: CheckedJobData, facts: JobDataFacts, locale: HelpLocale): JobFieldProblem[] {
  const years = [...new Set(facts.years)].sort((a, b) => a - b);
  const year = data.predictionIndicatorYear;
  const region = data.predictionIndicatorRegion;
  if (year === null) {
    const problems: JobFieldProblem[] = [];
    if (region !== null) problems.push({ field: 'predictionIndicatorRegion', message: say(locale, 'regionWithPercent', {}) });
    const percent = data.fracUsedToTest === null ? null : testPercentProblem(data.fracUsedToTest, years.length, locale);
    if (percent) problems.push({ field: 'fracUsedToTest', message: percent });
    return problems;
  }
  const yearProblem = testYearProblem(year, years, locale);
  if (yearProblem) return [{ field: 'predictionIndicatorYear', message: yearProblem }];
  if (region === null) return [];
  const regionYears = facts.regionYears[region];
  if (!regionYears) return [{ field: 'predictionIndicatorRegion', message: say(locale, 'region', { region: region.slice(0, 60), allowed: listed(Object.keys(facts.regionYears).sort()) }) }];
  if (!regionYears.includes(year)) return [{ field: 'predictionIndicatorRegion', message: say(locale, 'regionYear', { region, year, years: yearRanges(regionYears) }) }];
  return [];
}

function featureProblems(data: CheckedJobData, facts: JobDataFacts, locale: HelpLocale): JobFieldProblem[] {
  const text = data.groupsCategorizationFeatures;
  if (text === 'auto' || text === '') return [];
  const known = new Set(facts.indicators);
  const problems: JobFieldProblem[] = [];
  const field = 'groupsCategorizationFeatures';
  for (const entry of parseFeatureDiscretization(text) ?? []) {
    const indicator = entry.indicator;
    if (indicator === data.codePredictionIndicator) problems.push({ field, message: say(locale, 'featureTarget', { indicator }) });
    else if (!known.has(indicator)) problems.push({ field, message: say(locale, 'featureUnknown', { indicator: indicator.slice(0, 60) }) });
    // With a hand-picked list only those indicators are loaded; another one would not be in the panel.
    else if (data.indicatorsAnalyzingCode.length > 0 && !data.indicatorsAnalyzingCode.includes(indicator)) {
      problems.push({ field, message: say(locale, 'featureNotChosen', { indicator, chosen: listed(data.indicatorsAnalyzingCode) }) });
    }
    if (entry.option === 'manual') {
      for (const message of manualClassProblems(Object.entries(entry.classes).sort(([a], [b]) => Number(a) - Number(b)).map(([, c]) => c), locale)) {
        problems.push({ field, message: `${indicator}: ${message}` });
      }
    }
  }
  return problems;
}

/**
 * Every problem of a job configuration against its data, field by field (paths under `data`).
 * @param data the configuration (already through the schema)
 * @param facts what the chosen data offers
 * @param locale the language of the messages
 */
export function jobDataProblems(data: CheckedJobData, facts: JobDataFacts, locale: HelpLocale = 'en'): JobFieldProblem[] {
  const problems: JobFieldProblem[] = [];
  for (const [field, expected, what] of [
    ['timeDimension', facts.timeDimension, locale === 'pt-BR' ? 'tempo' : 'time'],
    ['regionDimension', facts.regionDimension, locale === 'pt-BR' ? 'região' : 'region'],
  ] as const) {
    const given = data[field];
    if (given !== expected) problems.push({ field, message: say(locale, 'column', { field, expected, what, given: given.slice(0, 60) }) });
  }
  const dimension = dimensionProblem(data, facts, locale);
  if (dimension) problems.push({ field: 'predictionIndicatorDimensions', message: dimension });
  problems.push(...splitProblems(data, facts, locale));
  problems.push(...featureProblems(data, facts, locale));
  // A list of the target alone leaves no input once the target is taken out (a WHO target's other dimensions stay in).
  const chosen = data.indicatorsAnalyzingCode;
  if (chosen.length > 0 && chosen.every((code) => code === data.codePredictionIndicator) && facts.targetDimensions.length <= 1) {
    problems.push({ field: 'indicatorsAnalyzingCode', message: say(locale, 'onlyTarget', { indicator: data.codePredictionIndicator.slice(0, 60) }) });
  }
  if (data.groupsCategorizationManual) {
    const classes = Object.entries(data.groupsCategorizationManual)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, [title, min, max]]) => ({ title, min, max }));
    for (const message of manualClassProblems(classes, locale)) problems.push({ field: 'groupsCategorizationManual', message });
  }
  return problems;
}
