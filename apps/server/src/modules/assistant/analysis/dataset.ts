import type { PanelFrame } from '@indicata/engine/data/frame';

/**
 * The data a question is about: the columns the user chose (the wizard's indicators and target, or an
 * upload's columns), one row per place and year. Every computation of the analyst and every tool a language
 * model may call reads only this.
 */
export interface AnalysisColumn {
  /** The code (WHO) or the upload's column name. */
  name: string;
  /** What people call it: the WHO indicator label, or the column name again for an upload. */
  label: string;
  /** One value per row, NaN when missing. */
  values: Float64Array;
  /** Set on a breakdown column: the part of the population it covers (women, urban areas ...). */
  part?: BreakdownPart;
}

/** Dimension types the analyst can break an indicator down by. */
export const BREAKDOWN_TYPES = ['SEX', 'RESIDENCEAREATYPE'] as const;
export type BreakdownType = (typeof BREAKDOWN_TYPES)[number];

/** One value of a breakdown dimension: SEX FMLE, MLE, BTSX; RESIDENCEAREATYPE URB, RUR, TOTL. */
export interface BreakdownPart {
  type: BreakdownType;
  value: string;
}

export interface AnalysisDataset {
  kind: 'who' | 'upload';
  /** Place of each row (a country name for WHO). */
  space: string[];
  /** Year of each row. */
  time: number[];
  /** WHO region of each row, or null for data without regions. */
  region: (string | null)[] | null;
  columns: AnalysisColumn[];
  /** The target column's name, when the user chose one. */
  target: string | null;
  /**
   * Per column name, its values by sex or by area of residence (every value of the dimension, the default one
   * included), on the same rows. Only WHO indicators that have such a dimension; absent for uploads.
   */
  breakdowns?: Map<string, AnalysisColumn[]>;
}

/** A column by name, or undefined. */
export function columnByName(dataset: AnalysisDataset, name: string): AnalysisColumn | undefined {
  return dataset.columns.find((c) => c.name === name);
}

/**
 * A dataset from a panel frame, keeping only the chosen columns (all when none are chosen) and the target.
 * @param frame the panel (WHO observations or an uploaded CSV)
 * @param options kind; labels (name -> label); chosen column names; the target's column name
 */
export function datasetFromFrame(
  frame: PanelFrame,
  options: { kind: 'who' | 'upload'; labels?: Record<string, string>; chosen?: readonly string[] | null; target?: string | null },
): AnalysisDataset {
  const target = options.target && frame.columns.some((c) => c.name === options.target) ? options.target : null;
  const chosen = options.chosen && options.chosen.length > 0 ? new Set(options.chosen) : null;
  const columns = frame.columns
    .filter((c) => !chosen || chosen.has(c.name) || c.name === target)
    .map((c) => ({ name: c.name, label: options.labels?.[c.name] ?? c.name, values: c.values }));
  return {
    kind: options.kind,
    space: frame.space,
    time: frame.time,
    region: frame.region && frame.region.some((r) => !!r) ? frame.region : null,
    columns,
    target,
  };
}
