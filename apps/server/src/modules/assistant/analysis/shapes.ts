import { normalise } from './vocabulary.ts';
import type { AnalysisColumn, AnalysisDataset, BreakdownType } from './dataset.ts';

/**
 * The parts of a question that shape the answer rather than name an indicator, read from the normalised text:
 * how many entities a ranking lists ("top 5", "os 10 países"), a breakdown by sex or area of residence ("women
 * and men", "por sexo", "urbano e rural"), coverage by year ("which years have the best coverage") and a list
 * of the chosen indicators ("Quais indicadores ...").
 */

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, fifteen: 15, twenty: 20,
  um: 1, dois: 2, duas: 2, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9, dez: 10, quinze: 15, vinte: 20,
};
const NUMBER = `(\\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')})`;
const LIMIT_BEFORE = new RegExp(`\\b(top|first|primeir[oa]s|principais|bottom|last|ultim[oa]s|maiores|menores)( ${NUMBER})\\b`);
const LIMIT_NOUN = new RegExp(`\\b${NUMBER} (countries|nations|places|regions|paises|nacoes|lugares|regioes)\\b`);

/** How many entities a ranking question asks for ("top 5", "the 3 countries", "os cinco países"), or null. */
export function readLimit(plain: string): number | null {
  const match = LIMIT_BEFORE.exec(plain) ?? LIMIT_NOUN.exec(plain);
  if (!match) return null;
  const word = LIMIT_BEFORE.test(plain) ? match[3]! : match[1]!;
  const value = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word]!;
  return value >= 1 && value <= 50 ? value : null;
}

/** The text without the number of a ranking's length ("top 5"), which would otherwise match labels such as "by age 5". */
export function withoutLimit(text: string): string {
  return text
    .replace(LIMIT_BEFORE, (_all, word: string) => word)
    .replace(LIMIT_NOUN, (_all, _number: string, noun: string) => noun)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a breakdown, by dimension value (normalised text). */
const PART_WORDS: { type: BreakdownType; value: string; pattern: RegExp }[] = [
  { type: 'SEX', value: 'FMLE', pattern: /\b(sexo )?(women|woman|female|females|girls|mulheres|mulher|feminin[oa]s?|meninas)\b/g },
  { type: 'SEX', value: 'MLE', pattern: /\b(sexo )?(men|man|male|males|boys|homens|homem|masculin[oa]s?|meninos)\b/g },
  { type: 'SEX', value: 'BTSX', pattern: /\bboth sexes\b|\bambos os sexos\b/g },
  { type: 'RESIDENCEAREATYPE', value: 'URB', pattern: /\burban\b|\burban[oa]s?\b|\bcities\b|\bcidades?\b/g },
  { type: 'RESIDENCEAREATYPE', value: 'RUR', pattern: /\brural\b|\brurais\b|\bcountryside\b|\bcampo\b/g },
];
const BY_PART: { type: BreakdownType; pattern: RegExp }[] = [
  {
    type: 'SEX',
    pattern: /\b(by|per|for each|each) (sex|gender)\b|\b(sex|gender) (gap|differences?|breakdown)\b|\bbetween (the )?sexes\b|\bpor (sexo|genero)\b|\bentre (os )?sexos\b|\bcada sexo\b|\bdiferenca entre (os )?sexos\b/g,
  },
  { type: 'RESIDENCEAREATYPE', pattern: /\b(by|per) (area|area of residence|residence|place of residence)\b|\bpor (area|zona|local de residencia)\b/g },
];
/** The order parts are shown in. */
const PART_ORDER = ['FMLE', 'MLE', 'BTSX', 'URB', 'RUR', 'TOTL'];

export interface PartRequest {
  type: BreakdownType;
  /** The values named (women, men ...), or null for every value of the dimension ("by sex"). */
  values: string[] | null;
  /** The words that asked for it, to tell whether an indicator's own label uses them. */
  words: string[];
}

/** The breakdown a question asks for, if any, and the text without its words (so they do not match labels). */
export function readParts(text: string): { request: PartRequest | null; text: string } {
  let rest = text;
  for (const by of BY_PART) {
    if (by.pattern.test(rest)) {
      by.pattern.lastIndex = 0;
      const words = [...rest.matchAll(by.pattern)].map((m) => m[0]);
      rest = rest.replace(by.pattern, ' ');
      for (const part of PART_WORDS.filter((p) => p.type === by.type)) rest = rest.replace(part.pattern, ' ');
      return { request: { type: by.type, values: null, words }, text: rest.replace(/\s+/g, ' ').trim() };
    }
  }
  const named = new Map<BreakdownType, { values: Set<string>; words: string[] }>();
  for (const part of PART_WORDS) {
    const found = [...rest.matchAll(part.pattern)].map((m) => m[0]);
    if (found.length === 0) continue;
    rest = rest.replace(part.pattern, ' ');
    const entry = named.get(part.type) ?? { values: new Set<string>(), words: [] };
    entry.values.add(part.value);
    entry.words.push(...found);
    named.set(part.type, entry);
  }
  const [first] = [...named.entries()];
  if (!first) return { request: null, text };
  const values = [...first[1].values].sort((a, b) => PART_ORDER.indexOf(a) - PART_ORDER.indexOf(b));
  return { request: { type: first[0], values, words: first[1].words }, text: rest.replace(/\s+/g, ' ').trim() };
}

/**
 * The breakdown columns of an indicator that a request names, in display order; null when the indicator has no
 * such breakdown (or lacks a value named).
 */
export function partColumns(dataset: AnalysisDataset, column: AnalysisColumn, request: PartRequest): AnalysisColumn[] | null {
  const all = (dataset.breakdowns?.get(column.name) ?? []).filter((c) => c.part?.type === request.type);
  if (all.length === 0) return null;
  const wanted = request.values ?? all.map((c) => c.part!.value);
  const chosen = wanted.map((v) => all.find((c) => c.part!.value === v));
  if (chosen.some((c) => !c)) return null;
  return (chosen as AnalysisColumn[]).sort((a, b) => PART_ORDER.indexOf(a.part!.value) - PART_ORDER.indexOf(b.part!.value));
}

/** Whether the indicator's own label uses the request's words ("per 1000 women"): then they name it, not a part. */
export function labelUsesWords(column: AnalysisColumn, request: PartRequest): boolean {
  const label = ` ${normalise(column.label)} `;
  return request.words.some((w) => label.includes(` ${w} `));
}

const YEARS_ASKED =
  /\b(which|what) years?\b|\bin (which|what) years?\b|\bhow many years\b|\bquantos anos\b|\bwhen\b|\bquais (os )?anos\b|\bqual (o )?ano\b|\b(em )?que anos?\b|\bem quais anos\b|\bem qual ano\b|\b(each|every|per|by) year\b|\b(por|cada|em cada) ano\b/;
const COVERED =
  /\bcoverage\b|\bcobertura\b|\bdata\b|\bdados\b|\bvalues?\b|\bvalores\b|\bcountries\b|\bpaises\b|\breported\b|\bmeasured\b|\brecorded\b|\bavailable\b|\bdisponive|\bcovered\b|\bcobert[oa]s?\b|\bmedid[oa]s?\b|\bregistrad[oa]s?\b|\breportad[oa]s?\b|\bcoletad[oa]s?\b/;
/** Indicator names that contain "coverage" (immunization coverage): not a question about data coverage. */
const COVERAGE_IN_NAMES = /\b(immuni[sz]ation|vaccination|vaccine|dtp3|measles|mcv|bcg|polio|hepb3|hib3|health) coverage\b|\bcobertura (vacinal|de (vacinacao|imunizacao|vacinas?)|universal)\b|\buniversal health coverage\b/g;

/** Whether the question asks which years have data for the most places ("Which years have the best coverage?"). */
export function asksCoverageByYear(plain: string): boolean {
  const text = plain.replace(COVERAGE_IN_NAMES, ' ');
  return YEARS_ASKED.test(text) && COVERED.test(text);
}

const INDICATOR_LIST =
  /\b(which|what) (are the )?(indicators|variables)\b|\blist (the |all |of )?(the )?(chosen |available )?(indicators|variables)\b|\b(indicators|variables) (are )?(available|chosen|in the (chosen )?data)\b|\bquais (sao )?(os )?(indicadores|variaveis)\b|\bliste (os |todos os )?(indicadores|variaveis)\b|\bque indicadores\b|\blista (de|dos) indicadores\b|\b(show|give|tell)( me)? (the |all )?(chosen |available )?(indicators|variables)\b|\b(mostre|mostra|mostrar|exiba|liste)( me)? (os |todos os )?(indicadores|variaveis)\b|\b(indicadores|variaveis) (disponiveis|escolhid[oa]s)\b/;

/** Whether the question asks for the chosen indicators themselves ("Quais indicadores estão disponíveis?"). */
export function asksIndicatorList(plain: string): boolean {
  return INDICATOR_LIST.test(plain);
}
