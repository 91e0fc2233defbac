import type { ReportLocale } from '@indicata/contracts';
import { escapeHtml } from '../sanitize.ts';
import type { ChangeRankingResult } from './compute-change.ts';
import { indicatorLabel, type Writer, type Written } from './describe-lists.ts';
import { htmlTable } from './format.ts';

/** How a ranking of changes is said: the first few in a sentence, the rest in a table with both years' values. */
const TEXT = {
  en: {
    and: 'and',
    sentence: (direction: 'increase' | 'decrease', label: string, from: number, to: number, list: string, k: number) =>
      `Between ${from} and ${to}, the ${k === 1 ? '' : `${k} `}largest ${direction === 'increase' ? 'increase' : 'decrease'}${k === 1 ? '' : 's'} of ${label} ${k === 1 ? 'was' : 'were'} ${list}.`,
    none: (direction: 'increase' | 'decrease', label: string, from: number, to: number) =>
      `Between ${from} and ${to}, no ${direction === 'increase' ? 'increase' : 'decrease'} of ${label}: every one of them went the other way or stayed.`,
    of: (shown: number, total: number, noun: string) => `The table shows ${shown === total ? 'all' : `the first ${shown} of`} ${total} ${noun} with a value in both years.`,
    rank: 'Rank',
    place: (who: boolean) => (who ? 'Country' : 'Place'),
    region: 'WHO region',
    regions: 'regions',
    change: 'Change',
  },
  'pt-BR': {
    and: 'e',
    sentence: (direction: 'increase' | 'decrease', label: string, from: number, to: number, list: string, k: number) =>
      `Entre ${from} e ${to}, ${k === 1 ? `a maior ${direction === 'increase' ? 'alta' : 'queda'}` : `as ${k} maiores ${direction === 'increase' ? 'altas' : 'quedas'}`} de ${label} ${k === 1 ? 'foi' : 'foram'} ${list}.`,
    none: (direction: 'increase' | 'decrease', label: string, from: number, to: number) =>
      `Entre ${from} e ${to}, nenhuma ${direction === 'increase' ? 'alta' : 'queda'} de ${label}: todos foram no sentido contrário ou ficaram iguais.`,
    of: (shown: number, total: number, noun: string) => `A tabela mostra ${shown === total ? 'todos os' : `os primeiros ${shown} de`} ${total} ${noun} com valor nos dois anos.`,
    rank: 'Posição',
    place: (who: boolean) => (who ? 'País' : 'Lugar'),
    region: 'Região da OMS',
    regions: 'regiões',
    change: 'Variação',
  },
} as const;

const join = (items: string[], and: string) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`);
const signed = (value: number, w: Writer) => `${value > 0 ? '+' : ''}${w.n(value)}`;

/**
 * Writes a ranking of changes: only the places that moved in the asked direction are named in the sentence (a
 * "largest increase" that is a fall is not one), the table lists them all with both years' values.
 * @param r the ranking
 * @param listed how many the sentence names (the table shows the result's items)
 * @param w the answer's writer
 */
export function writeChangeRanking(r: ChangeRankingResult, listed: number, w: Writer): Written {
  const t = TEXT[w.locale as ReportLocale];
  const label = indicatorLabel(r.indicator, w.locale);
  const moved = r.items.filter((x) => (r.direction === 'increase' ? x.change > 0 : x.change < 0));
  const named = moved.slice(0, Math.min(listed, moved.length));
  const noun = r.by === 'place' ? w.places : t.regions;
  const parts: string[] = [];
  const sentence = named.length === 0 ? t.none(r.direction, label, r.from, r.to) : t.sentence(r.direction, label, r.from, r.to, join(named.map((x) => `${w.name(x.name, r.by)} (${signed(x.change, w)})`), t.and), named.length);
  parts.push(`<p>${escapeHtml(`${sentence}${r.by === 'place' ? ` ${t.of(r.items.length, r.total, noun)}` : ''}`)}</p>`);
  const header = [t.rank, r.by === 'place' ? t.place(w.who) : t.region, String(r.from), String(r.to), t.change];
  parts.push(htmlTable(header, r.items.map((x, i) => [i + 1, w.name(x.name, r.by), w.n(x.from), w.n(x.to), signed(x.change, w)])));
  return {
    parts,
    visual: { type: 'bar', title: `${label}, ${r.from}–${r.to}`, categories: r.items.map((x) => w.name(x.name, r.by)), series: [{ name: t.change, values: r.items.map((x) => x.change) }] },
  };
}
