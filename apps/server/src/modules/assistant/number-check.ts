/**
 * Checks that every number a language model wrote is one the facts hold. Tolerant where people are:
 * a percentage matches a fraction (85.3% ~ 0.853), a number matches a fact rounded to the decimals shown
 * (0.85 ~ 0.8512, 0.86 is not), counts and years match exactly.
 */

export interface NumberMention {
  /** The text as written, e.g. "85.3%". */
  text: string;
  value: number;
  /** Decimals shown. */
  decimals: number;
  percent: boolean;
  /**
   * Other readings of an ambiguous text, tried when the first is not a fact: "0,905" is 905 with a thousands
   * comma or 0.905 with a Brazilian decimal comma; "3.111" is 3.111 or 3111 with a Brazilian thousands dot.
   */
  alternatives?: { value: number; decimals: number }[];
}

// A number not glued to letters or underscores (so F1, WHOSIS_000001, k-fold-3 and ids are skipped).
const NUMBER_PATTERN =
  /(?<![\p{L}\p{N}_.,])[-−]?\d{1,3}(?:\.\d{3})+,\d+%?(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_.])[-−]?\d{1,3}(?:[,\u202f\u00a0]\d{3})+(?:\.\d+)?%?(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_.])[-−]?\d+(?:[.,]\d+)?%?(?![\p{L}\p{N}_])/gu;

const decimalsOf = (normalised: string) => {
  const dot = normalised.indexOf('.');
  return dot === -1 ? 0 : normalised.length - dot - 1;
};

/** The numbers written in a text. "1,234" is a thousand-separated count; "0,85" a decimal comma (pt-BR). */
export function extractNumbers(text: string): NumberMention[] {
  const mentions: NumberMention[] = [];
  for (const match of text.matchAll(NUMBER_PATTERN)) {
    let raw = match[0];
    const percent = raw.endsWith('%');
    if (percent) raw = raw.slice(0, -1);
    raw = raw.replace('−', '-');
    let normalised: string;
    const alternatives: string[] = [];
    if (/^-?\d{1,3}(\.\d{3})+,\d+$/.test(raw)) normalised = raw.replace(/\./g, '').replace(',', '.'); // pt-BR 1.234,5
    else if (/^-?\d{1,3}([,\u202f\u00a0]\d{3})+(\.\d+)?$/.test(raw)) {
      normalised = raw.replace(/[,\u202f\u00a0]/g, '');
      if (/^-?\d{1,3},\d{3}$/.test(raw)) alternatives.push(raw.replace(',', '.')); // or a pt-BR decimal comma
    } else {
      normalised = raw.replace(',', '.');
      if (/^-?\d{1,3}\.\d{3}$/.test(raw)) alternatives.push(raw.replace('.', '')); // or a pt-BR thousands dot
    }
    const value = Number(normalised);
    if (!Number.isFinite(value)) continue;
    const mention: NumberMention = { text: match[0], value, decimals: decimalsOf(normalised), percent };
    if (alternatives.length > 0) mention.alternatives = alternatives.map((a) => ({ value: Number(a), decimals: decimalsOf(a) }));
    mentions.push(mention);
  }
  return mentions;
}

/** Every finite number inside a JSON-like value (including numbers written inside its strings). */
export function collectFacts(value: unknown, into: number[] = []): number[] {
  if (typeof value === 'number') {
    if (Number.isFinite(value)) into.push(value);
  } else if (typeof value === 'string') {
    for (const m of extractNumbers(value)) into.push(m.percent ? m.value / 100 : m.value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectFacts(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) collectFacts(v, into);
  }
  return into;
}

function matchesShown(fact: number, shown: number, decimals: number): boolean {
  // Rounded to the decimals shown, with room for a fact that was itself rounded half-way (0.765 -> 0.77).
  return Math.abs(fact - shown) <= 0.5 * 10 ** -decimals + 1e-9;
}

/**
 * Whether a written number is one of the facts: the fact itself, the fact as a percentage (fraction x 100)
 * or a percentage fact written as a fraction, each rounded to the decimals shown.
 */
export function numberIsSupported(mention: NumberMention, facts: readonly number[]): boolean {
  if (readingIsSupported(mention, mention.value, mention.decimals, facts)) return true;
  return (mention.alternatives ?? []).some((a) => readingIsSupported(mention, a.value, a.decimals, facts));
}

function readingIsSupported(mention: NumberMention, value: number, decimals: number, facts: readonly number[]): boolean {
  for (const fact of facts) {
    if (matchesShown(fact, value, decimals)) return true;
    if (matchesShown(fact * 100, value, decimals)) return true;
    if (!mention.percent && matchesShown(fact / 100, value, decimals)) return true;
  }
  return false;
}

/**
 * The numbers of `text` that no fact supports.
 * @param text the prose to check (plain text, not HTML)
 * @param facts every number the prose may state (from collectFacts over the results and derived values)
 * @param alwaysAllowed small numbers that need no source (e.g. 0, 1, 2 in "two models", section counts)
 */
export function unsupportedNumbers(text: string, facts: readonly number[], alwaysAllowed: readonly number[] = [0, 1, 2, 100]): string[] {
  const missing: string[] = [];
  for (const mention of extractNumbers(text)) {
    if (!mention.percent && mention.decimals === 0 && alwaysAllowed.includes(Math.abs(mention.value))) continue;
    if (!numberIsSupported(mention, facts)) missing.push(mention.text);
  }
  return missing;
}
