import type { AnalysisColumn, AnalysisDataset, BreakdownType } from './dataset.ts';
import type { Scope } from './compute.ts';
import { asksCoverageByYear, asksIndicatorList, labelUsesWords, partColumns, readLimit, readParts, withoutLimit } from './shapes.ts';
import { KIND_PATTERNS, normalise, PHRASES, REGION_ALIASES, STOP_WORDS, WEAK_LABEL_WORDS } from './vocabulary.ts';

/**
 * Reads a question into a plan: which computation, on which indicators, years, regions and places. Indicator
 * names are matched by meaning (the words of the label, weighted, in English or Portuguese), not by the first
 * substring: "life expectancy" is "Life expectancy at birth", not "Healthy life expectancy (HALE)". When the
 * words fit several indicators equally, the plan says so and lists them.
 */

export type Plan =
  | { kind: 'count'; column: AnalysisColumn | null; year: number | null }
  | { kind: 'change-ranking'; column: AnalysisColumn; years: [number, number] | null; by: 'place' | 'region'; direction: 'increase' | 'decrease'; limit: number | null; listed: number }
  | { kind: 'missing'; column: AnalysisColumn | null; order: 'most' | 'fewest' }
  | { kind: 'distribution'; column: AnalysisColumn; year: number | null; scope: Scope }
  | { kind: 'trend'; column: AnalysisColumn; scope: Scope; rankYears?: 'top' | 'bottom' }
  | { kind: 'ranking'; column: AnalysisColumn; year: number | null; by: 'region' | 'place'; order: 'top' | 'bottom'; limit?: number | null; listed?: number }
  | { kind: 'correlation'; a: AnalysisColumn; b: AnalysisColumn; year: number | null }
  | { kind: 'related' }
  | { kind: 'compare-regions'; column: AnalysisColumn; scopes: [Scope, Scope]; year: number | null }
  | { kind: 'compare-years'; column: AnalysisColumn; years: [number, number]; scope: Scope }
  | { kind: 'coverage'; column: AnalysisColumn | null }
  | { kind: 'breakdown'; column: AnalysisColumn; parts: AnalysisColumn[]; year: number | null; scope: Scope }
  | { kind: 'indicators'; year: number | null; breakdown?: BreakdownType | null }
  | { kind: 'no-breakdown'; column: AnalysisColumn; type: BreakdownType }
  | { kind: 'ambiguous'; words: string; candidates: AnalysisColumn[] }
  | { kind: 'no-indicator'; wanted: string }
  | { kind: 'refuse' };

/** Indicator phrases that hold words the kinds are read by ("menores de cinco anos" is not "lowest"). */
const KIND_NOISE = /\bmenores de (5|cinco) anos\b|\bunder[- ](5|five)s?\b/g;
/** "Which year ..." (one year as the answer, not years of coverage). */
const ONE_YEAR_ASKED = /\b(which|what|in which|in what) year\b|\b(em )?(que|qual) (foi o )?ano\b/;
/** "Which countries" (several): the short answer lists several of them. */
const SEVERAL = /\b(which|what) (\w+ )?(countries|places|regions)\b|\bquais (sao )?(os |as )?(\w+ )?(paises|lugares|regioes)\b|\b(countries|paises) (com|with) (a |o |as |os )?(the )?(highest|lowest|maior|menor|maiores|menores|mais|most|least)\b/;

export interface ColumnMatch {
  column: AnalysisColumn;
  /** Weight of the label's words the question uses. */
  matched: number;
  /** Weight of the label's words the question does not use (fewer: a closer fit). */
  unmatched: number;
}

const YEAR = /\b(1[89]\d\d|20\d\d)\b/g;

function tokens(text: string): string[] {
  return text.split(' ').filter((t) => t !== '' && !STOP_WORDS.has(t));
}

function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4) return false;
  let common = 0;
  while (common < shorter && a[common] === b[common]) common++;
  return common >= Math.min(6, shorter);
}

/** The question lower-cased, without accents, its Portuguese and everyday indicator words in the labels' English. */
export function rewrite(text: string): string {
  let out = ` ${normalise(text)} `;
  for (const [pattern, replacement] of PHRASES) out = out.replace(pattern, replacement);
  return out.replace(/\s+/g, ' ').trim();
}

/** How well each column fits the words, best first (only columns sharing a meaningful word). */
export function matchColumns(words: string[], columns: readonly AnalysisColumn[]): ColumnMatch[] {
  const asked = words.filter((w) => !STOP_WORDS.has(w));
  const matches: ColumnMatch[] = [];
  for (const column of columns) {
    const labelWords = [...new Set(tokens(rewrite(column.label)))];
    const codeWords = column.label === column.name ? [] : [...new Set(tokens(normalise(column.name)))].filter((w) => !labelWords.includes(w));
    let matched = 0;
    let unmatched = 0;
    let strong = false;
    for (const word of labelWords) {
      const weight = WEAK_LABEL_WORDS.has(word) ? 0.25 : 1;
      if (asked.some((a) => sameWord(a, word))) {
        matched += weight;
        if (weight === 1) strong = true;
      } else unmatched += weight;
    }
    for (const word of codeWords) {
      if (word.length >= 3 && asked.includes(word)) {
        matched += 1;
        strong = true;
      }
    }
    if (strong) matches.push({ column, matched, unmatched });
  }
  return matches.sort((a, b) => b.matched - a.matched || a.unmatched - b.unmatched || a.column.name.localeCompare(b.column.name));
}

/** The indicator the words name: one column, several equally good candidates, or none. */
export function resolveColumn(words: string[], columns: readonly AnalysisColumn[]): { column: AnalysisColumn; score: number } | { candidates: AnalysisColumn[] } | null {
  const matches = matchColumns(words, columns);
  const best = matches[0];
  if (!best) return null;
  const tied = matches.filter((m) => m.matched === best.matched);
  // Several indicators fit the same words and the best still has distinctive words the question did not use.
  if (tied.length > 1 && best.unmatched >= 1) return { candidates: tied.slice(0, 6).map((m) => m.column) };
  return { column: best.column, score: best.matched - best.unmatched / 100 };
}

// ---------------------------------------------------------------------------------------------------------

const regionNamesPt = new Intl.DisplayNames(['pt-BR'], { type: 'region' });
const regionNamesEn = new Intl.DisplayNames(['en'], { type: 'region' });
let englishToPortuguese: Map<string, string> | null = null;

/** Country names in Portuguese, by their English name (from the ICU data every Node carries). */
function portugueseNames(): Map<string, string> {
  if (englishToPortuguese) return englishToPortuguese;
  englishToPortuguese = new Map();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of letters) {
    for (const b of letters) {
      try {
        const en = regionNamesEn.of(a + b);
        const pt = regionNamesPt.of(a + b);
        if (en && pt && en !== a + b) englishToPortuguese.set(en, pt);
      } catch (_error) {
        // Not a region code.
      }
    }
  }
  return englishToPortuguese;
}

interface Mention {
  value: string;
  start: number;
  end: number;
}

/** Finds whole-phrase mentions of names in the normalised text, longest first, without overlaps. */
function findMentions(text: string, aliases: Map<string, string>, short: ReadonlySet<string> = new Set()): Mention[] {
  const found: Mention[] = [];
  const taken = new Array<boolean>(text.length).fill(false);
  const sorted = [...aliases.entries()].filter(([alias]) => alias.length >= 4 || short.has(alias)).sort((a, b) => b[0].length - a[0].length);
  for (const [alias, value] of sorted) {
    let from = 0;
    for (;;) {
      const at = text.indexOf(alias, from);
      if (at === -1) break;
      from = at + 1;
      const end = at + alias.length;
      const boundary = (at === 0 || text[at - 1] === ' ') && (end === text.length || text[end] === ' ');
      if (!boundary || taken.slice(at, end).some(Boolean)) continue;
      for (let i = at; i < end; i++) taken[i] = true;
      if (!found.some((m) => m.value === value)) found.push({ value, start: at, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function regionAliases(dataset: AnalysisDataset): Map<string, string> {
  const map = new Map<string, string>();
  const present = new Set((dataset.region ?? []).filter((r): r is string => !!r));
  for (const region of present) {
    map.set(normalise(region), region);
    for (const alias of REGION_ALIASES[region] ?? []) map.set(alias, region);
  }
  return map;
}

function placeAliases(dataset: AnalysisDataset): Map<string, string> {
  const map = new Map<string, string>();
  const pt = dataset.kind === 'who' ? portugueseNames() : new Map<string, string>();
  for (const place of new Set(dataset.space)) {
    map.set(normalise(place), place);
    const translated = pt.get(place);
    if (translated) map.set(normalise(translated), place);
  }
  return map;
}

function blank(text: string, mentions: Mention[]): string {
  let out = text;
  for (const m of mentions) out = out.slice(0, m.start) + ' '.repeat(m.end - m.start) + out.slice(m.end);
  return out;
}

const CONNECTORS = new Set(['and', 'with', 'e', 'com', 'vs', 'versus', 'to', 'a', 'x']);

/** Two different indicators named in the words (split at a connector such as "and", "with", "e", "com"). */
function twoColumns(words: string[], columns: readonly AnalysisColumn[]): [AnalysisColumn, AnalysisColumn] | { candidates: AnalysisColumn[]; words: string } | null {
  let best: { pair: [AnalysisColumn, AnalysisColumn]; score: number } | null = null;
  let ambiguity: { candidates: AnalysisColumn[]; words: string } | null = null;
  for (let i = 1; i < words.length - 1; i++) {
    if (!CONNECTORS.has(words[i]!)) continue;
    const left = resolveColumn(words.slice(0, i), columns);
    const right = resolveColumn(words.slice(i + 1), columns);
    if (!left || !right) continue;
    if ('candidates' in left || 'candidates' in right) {
      const side = 'candidates' in left ? left : (right as { candidates: AnalysisColumn[] });
      ambiguity ??= { candidates: side.candidates, words: ('candidates' in left ? words.slice(0, i) : words.slice(i + 1)).filter((w) => !STOP_WORDS.has(w)).join(' ') };
      continue;
    }
    if (left.column === right.column) continue;
    const score = left.score + right.score;
    if (!best || score > best.score) best = { pair: [left.column, right.column], score };
  }
  if (best) return best.pair;
  if (ambiguity) return ambiguity;
  // No connector split: the two best-fitting columns that share no matched word.
  const matches = matchColumns(words, columns);
  if (matches.length >= 2) return [matches[0]!.column, matches[1]!.column];
  return null;
}

/** Asks for a figure per region ("by region", "per region", "por região", "em cada região"). */
const BY_REGION = /\b(by|per|each|every|for each|in each) (who )?regions?\b|\b(por|cada|em cada) regi(ao|oes)\b/;

/** A rise or a fall ("largest increase", "maior queda"), and which of the two. */
const CHANGE = /\b(increase[sd]?|rise|rose|risen|grew|growth|gains?|decrease[sd]?|declines?|declined|fell|falls?|drops?|dropped|reduction|aument\w*|cresc\w*|quedas?|cai\w*|diminu\w*|reduc\w*)\b/;
const FALL = /\b(decrease[sd]?|declines?|declined|fell|falls?|drops?|dropped|reduction|quedas?|cai\w*|diminu\w*|reduc\w*)\b/;
/** Asks for the largest of something, places or regions ("which countries", "the biggest", "qual país ... maior"). */
const LARGEST = /\b(largest|biggest|greatest|most|highest|strongest|maior(es)?|mais)\b/;

/** Words left of a question that counts places in the data as a whole ("how many countries are there in the data?"). */
const DATA_WORDS = new Set(['', 'data', 'dataset', 'chosen', 'selected', 'there', 'total', 'in', 'all', 'dados', 'escolhidos', 'selecionados', 'existem', 'ha', 'no', 'nos', 'ao', 'todo', 'base']);

/**
 * The plan for a question over the dataset.
 * @param question the user's text, English or Portuguese
 * @param dataset the chosen data
 */
export function understand(question: string, dataset: AnalysisDataset): Plan {
  const plain = normalise(question).replace(KIND_NOISE, ' ').replace(/\s+/g, ' ');
  const years = [...new Set([...plain.matchAll(YEAR)].map((m) => Number(m[1])))];
  const parts = readParts(withoutLimit(rewrite(question).replace(YEAR, ' ')));
  let text = parts.text;
  // Regions and places in one pass, longest name first ("South Africa" is a country, not the region Africa).
  const aliases = new Map<string, string>();
  for (const [alias, place] of placeAliases(dataset)) aliases.set(alias, `P${place}`);
  if (dataset.region) for (const [alias, region] of regionAliases(dataset)) aliases.set(alias, `R${region}`);
  // Places written as codes (BRA, ARG): a code of two or three letters counts only when the question writes it in
  // capitals, as the data does, so "per" or "can" never name Peru or Canada.
  const capitals = new Set(question.match(/\b[A-Z]{2,3}\b/g) ?? []);
  const shortCodes = new Set([...new Set(dataset.space)].filter((place) => place.length < 4 && capitals.has(place)).map((place) => normalise(place)));
  const mentions = findMentions(text, aliases, shortCodes);
  const regionMentions = mentions.filter((m) => m.value.startsWith('R')).map((m) => ({ ...m, value: m.value.slice(1) }));
  const placeMentions = mentions.filter((m) => m.value.startsWith('P')).map((m) => ({ ...m, value: m.value.slice(1) }));
  text = blank(text, mentions).replace(/\s+/g, ' ').trim();
  const words = text.split(' ').filter(Boolean);
  const regions: Scope[] = regionMentions.map((m) => ({ kind: 'region', name: m.value }));
  const places: Scope[] = placeMentions.map((m) => ({ kind: 'place', name: m.value }));
  const scope: Scope = places[0] ?? regions[0] ?? { kind: 'world' };
  const year = years.length === 1 ? years[0]! : null;
  const has = (k: keyof typeof KIND_PATTERNS) => KIND_PATTERNS[k].test(plain);

  if (has('refuse')) return { kind: 'refuse' };

  const target = dataset.target ? dataset.columns.find((c) => c.name === dataset.target) ?? null : null;
  // "The target" names the chosen target column: "how is the target distributed?" asks for its distribution, not for
  // the inputs related to it, unless the question also asks what relates to it.
  const namesTarget = target !== null && /\b(target|alvo)\b/.test(plain);
  const asksChange = CHANGE.test(plain) && LARGEST.test(plain) && /\b(which|what|qua(l|is)|que)\b/.test(plain);
  const asksOtherKind = has('distribution') || has('trend') || has('ranking') || has('count') || has('compare') || has('missing') || asksChange;
  const relatedBeyondTarget = KIND_PATTERNS.related.test(plain.replace(/\b(target|alvo)\b/g, ' '));
  // A place, a region or a year asks about the target's values there ("show the target for Brazil"), not its relations.
  const scoped = places.length + regions.length + years.length > 0;
  const asksRelated = has('related') && !(namesTarget && (asksOtherKind || scoped) && !relatedBeyondTarget);
  const wanted = words.filter((w) => !STOP_WORDS.has(w)).join(' ');
  const named = resolveColumn(words, dataset.columns);
  // No indicator named at all ("compare BRA and ARG", "which region is highest?"): the chosen target is meant.
  const single = () => named ?? (namesTarget || (target !== null && wanted === '') ? { column: target!, score: 0 } : null);
  const request = parts.request;
  // One part named ("women"): every computation runs on that part's column instead of the default one.
  const withColumn = (make: (column: AnalysisColumn) => Plan): Plan => {
    const found = single();
    if (!found) return wanted ? { kind: 'no-indicator', wanted } : { kind: 'refuse' };
    if ('candidates' in found) return { kind: 'ambiguous', words: wanted, candidates: found.candidates };
    if (!request || labelUsesWords(found.column, request)) return make(found.column);
    const columns = partColumns(dataset, found.column, request);
    if (!columns) return { kind: 'no-breakdown', column: found.column, type: request.type };
    return columns.length === 1 ? make(columns[0]!) : { kind: 'breakdown', column: found.column, parts: columns, year, scope };
  };
  const several = request !== null && (request.values === null || request.values.length > 1);

  if (has('correlation') || (has('related') && !/\b(target|alvo)\b/.test(plain) && matchColumns(words, dataset.columns).length >= 2)) {
    const pair = twoColumns(words, dataset.columns);
    if (pair && !Array.isArray(pair)) return { kind: 'ambiguous', words: pair.words, candidates: pair.candidates };
    if (pair) return { kind: 'correlation', a: pair[0], b: pair[1], year };
    const one = single();
    if (one && 'column' in one && target && one.column !== target) return { kind: 'correlation', a: one.column, b: target, year };
    if (target && (!one || ('column' in one && one.column === target))) return { kind: 'related' };
    if (one && 'candidates' in one) return { kind: 'ambiguous', words: wanted, candidates: one.candidates };
    return wanted ? { kind: 'no-indicator', wanted } : { kind: 'refuse' };
  }
  if (asksRelated) return target ? { kind: 'related' } : { kind: 'no-indicator', wanted: 'target' };
  if (asksIndicatorList(plain) && !has('missing')) return { kind: 'indicators', year, breakdown: parts.request?.type ?? null };
  if (asksCoverageByYear(plain) || (has('count') && year === null && /\b(each|every|per|by) year\b|\b(por|cada|em cada) ano\b/.test(plain))) {
    // Without an indicator named, the coverage of every chosen indicator together (not the target's alone).
    if (!named && !namesTarget) return { kind: 'coverage', column: null };
    return withColumn((column) => ({ kind: 'coverage', column }));
  }
  if (has('count')) {
    // "How many countries are in the data?": no indicator named, so the places with a value of any of them.
    if (!named && !namesTarget && !wanted.split(' ').some((w) => !DATA_WORDS.has(w))) return { kind: 'count', column: null, year };
    return withColumn((column) => ({ kind: 'count', column, year }));
  }
  if (has('missing')) {
    // Without an indicator named, missing values are every indicator's (not the target's, as elsewhere).
    const found = named ?? (namesTarget ? { column: target!, score: 0 } : null);
    return { kind: 'missing', column: found && 'column' in found ? found.column : null, order: has('fewest') ? 'fewest' : 'most' };
  }
  // Several parts (women and men, by sex): side by side, unless the question ranks places by one of them.
  if (several && !(has('ranking') && has('byPlace'))) return withColumn((column) => ({ kind: 'distribution', column, year, scope }));
  // "Which countries had the largest increase ...": places (or regions) ranked by their change between two years.
  if (asksChange && regions.length + places.length === 0 && years.length !== 1) {
    const limit = readLimit(plain);
    const by = has('byRegion') && !has('byPlace') ? 'region' : 'place';
    const span: [number, number] | null = years.length === 2 ? [years[0]!, years[1]!] : null;
    const listed = limit ?? (SEVERAL.test(plain) ? 5 : 1);
    return withColumn((column) => ({ kind: 'change-ranking', column, years: span, by, direction: FALL.test(plain) ? 'decrease' : 'increase', limit, listed }));
  }
  if (has('compare') || (has('trend') && years.length === 2) || regions.length + places.length >= 2) {
    if (years.length === 2 && regions.length + places.length < 2) {
      return withColumn((column) => ({ kind: 'compare-years', column, years: [years[0]!, years[1]!], scope }));
    }
    const sides = [...places, ...regions];
    if (sides.length >= 2) return withColumn((column) => ({ kind: 'compare-regions', column, scopes: [sides[0]!, sides[1]!], year }));
  }
  if (has('trend')) return withColumn((column) => ({ kind: 'trend', column, scope }));
  // "Which year had the highest ...": the years ranked by their mean, from the same per-year means as a trend.
  if (has('ranking') && year === null && ONE_YEAR_ASKED.test(plain)) return withColumn((column) => ({ kind: 'trend', column, scope, rankYears: has('bottom') ? 'bottom' : 'top' }));
  // "The average ... by region": every region's mean, as the ranking of regions gives it.
  if (!has('ranking') && BY_REGION.test(plain) && dataset.region) {
    return withColumn((column) => ({ kind: 'ranking', column, year, by: 'region', order: 'top', limit: null, listed: 1 }));
  }
  if (has('ranking')) {
    const limit = readLimit(plain);
    const by = (has('byPlace') || limit !== null) && !has('byRegion') ? 'place' : 'region';
    const listed = limit ?? (SEVERAL.test(plain) ? 5 : 1);
    return withColumn((column) => ({ kind: 'ranking', column, year, by, order: has('bottom') ? 'bottom' : 'top', limit, listed }));
  }
  if (has('distribution')) return withColumn((column) => ({ kind: 'distribution', column, year, scope }));
  // No recognised kind: an indicator alone gets its distribution (one place without a year: its values year by year);
  // anything else is refused honestly.
  const found = single();
  if (found && scope.kind === 'place' && year === null) return withColumn((column) => ({ kind: 'trend', column, scope }));
  if (found) return withColumn((column) => ({ kind: 'distribution', column, year, scope }));
  return { kind: 'refuse' };
}

/** A WHO country's name in the answer's language (the catalog stores English names). */
export function placeName(place: string, locale: 'en' | 'pt-BR', kind: AnalysisDataset['kind']): string {
  if (locale === 'en' || kind !== 'who') return place;
  return portugueseNames().get(place) ?? place;
}
