/**
 * The Attribute Discretization page's entries: the hiding rule (an attribute used in one entry is not
 * offered in the others), its save rules in the spec's order, and the JSON text of spec section 3.
 */
import { parseFeatureDiscretization, type MessageKey } from '@indicata/contracts';
import type { ManualClassRow } from './state.ts';
import { isManualTableComplete } from './target-form.ts';

export interface DiscretizationEntry {
  indicator: string;
  option: '' | 'automatic' | 'manual';
  /** Automatic group count as chosen in the select ('' when not chosen). */
  groups: string;
  classes: ManualClassRow[];
}

export function emptyEntry(): DiscretizationEntry {
  return { indicator: '', option: '', groups: '', classes: [] };
}

/**
 * The indicators entry `index` may choose: every indicator not already chosen by another entry.
 * @param all every indicator of the data source
 * @param entries the page's entries
 * @param index the entry asking
 */
export function availableIndicators<T extends { value: string }>(all: readonly T[], entries: readonly DiscretizationEntry[], index: number): T[] {
  const taken = new Set(entries.filter((_, i) => i !== index).map((e) => e.indicator).filter((v) => v !== ''));
  return all.filter((item) => !taken.has(item.value));
}

/** The first failing save rule, or null. */
export function validateEntries(entries: readonly DiscretizationEntry[]): MessageKey | null {
  if (entries.some((e) => e.indicator === '')) return 'attrDiscNoIndicator';
  if (entries.some((e) => e.option === '')) return 'attrDiscNoOption';
  if (entries.some((e) => e.option === 'automatic' && e.groups === '')) return 'autoDiscretizationNoValue';
  if (entries.some((e) => e.option === 'manual' && !isManualTableComplete(e.classes))) return 'attrDiscManualIncomplete';
  return null;
}

/** The saved JSON text ('' when there is no entry). */
export function entriesToJson(entries: readonly DiscretizationEntry[]): string {
  if (entries.length === 0) return '';
  return JSON.stringify(
    entries.map((e) =>
      e.option === 'automatic'
        ? { indicator: e.indicator, option: 'automatic', groups: Number(e.groups) }
        : {
            indicator: e.indicator,
            option: 'manual',
            classes: Object.fromEntries(
              e.classes.map((row, i) => [String(i + 1), { title: row.title.trim(), min: Number(row.min), max: Number(row.max) }]),
            ),
          },
    ),
  );
}

/** Entries of a saved JSON text; none when it is empty or not valid. */
export function entriesFromJson(text: string): DiscretizationEntry[] {
  if (!text) return [];
  const parsed = parseFeatureDiscretization(text);
  if (!parsed) return [];
  return parsed.map((item) =>
    item.option === 'automatic'
      ? { indicator: item.indicator, option: 'automatic', groups: String(item.groups), classes: [] }
      : {
          indicator: item.indicator,
          option: 'manual',
          groups: '',
          classes: Object.keys(item.classes)
            .sort((a, b) => Number(a) - Number(b))
            .map((key) => ({ title: item.classes[key].title, min: String(item.classes[key].min), max: String(item.classes[key].max) })),
        },
  );
}
