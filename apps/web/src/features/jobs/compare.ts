/**
 * The compare view's tables, as pure functions: which configuration settings differ between jobs, and
 * their scores side by side.
 */
import type { AutoMLResults, JobData, JobStatus, ModelFamily } from '@indicata/contracts';
import { MODEL_FAMILIES } from '@indicata/contracts';

export interface ComparedJob {
  id: string;
  name: string;
  status: JobStatus;
  data: JobData;
  results: AutoMLResults | null;
}

/** A flat view of a configuration: dotted paths to displayable values (lists joined, objects as JSON). */
export function flattenConfig(value: unknown, prefix = ''): Record<string, string> {
  if (value === null || value === undefined) return prefix ? { [prefix]: String(value) } : {};
  if (Array.isArray(value)) return { [prefix]: value.map((v) => (v === null ? 'None' : typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') };
  if (typeof value === 'object') {
    const out: Record<string, string> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) Object.assign(out, flattenConfig(inner, prefix ? `${prefix}.${key}` : key));
    return out;
  }
  return { [prefix]: String(value) };
}

/** Settings that never differ in a way worth showing (constants of the spec). */
const IGNORED = new Set(['typeML', 'groupsCategorizationRange', 'totalIndicatorsUseToPrediction']);

/**
 * The settings whose value differs between at least two jobs, in the configuration's order; a setting one
 * job lacks shows as '—'.
 * @returns rows of [setting path, value per job]
 */
export function configDifferences(jobs: readonly Pick<ComparedJob, 'data'>[], none = '—'): { setting: string; values: string[] }[] {
  const flat = jobs.map((job) => flattenConfig(job.data));
  const keys: string[] = [];
  for (const f of flat) for (const key of Object.keys(f)) if (!keys.includes(key) && !IGNORED.has(key.split('.')[0])) keys.push(key);
  return keys
    .map((setting) => ({ setting, values: flat.map((f) => f[setting] ?? none) }))
    .filter((row) => new Set(row.values).size > 1);
}

export interface ScoreRow {
  key: 'chosenModel' | 'validationF1' | 'testF1' | 'testAccuracy' | 'familyTestF1';
  family?: ModelFamily;
  /** One cell per job: a number (a score), a string (the chosen model) or null (no results). */
  values: (number | string | null)[];
}

/**
 * Scores of each job: its chosen model with validation and test macro-F1 and test accuracy, then every
 * family's test macro-F1 (rows only for families some job ran).
 */
export function scoreRows(jobs: readonly Pick<ComparedJob, 'results'>[]): ScoreRow[] {
  const best = (r: AutoMLResults | null) => (r ? r.models[r.best] : undefined);
  const rows: ScoreRow[] = [
    { key: 'chosenModel', values: jobs.map((j) => j.results?.best ?? null) },
    { key: 'validationF1', values: jobs.map((j) => best(j.results)?.validationMacroF1 ?? null) },
    { key: 'testF1', values: jobs.map((j) => best(j.results)?.test.macroF1 ?? null) },
    { key: 'testAccuracy', values: jobs.map((j) => best(j.results)?.test.accuracy ?? null) },
  ];
  for (const family of MODEL_FAMILIES) {
    const values = jobs.map((j) => j.results?.models[family]?.test.macroF1 ?? null);
    if (values.some((v) => v !== null)) rows.push({ key: 'familyTestF1', family, values });
  }
  return rows;
}

/** The ids in the compare page's address: `?ids=a,b,c` (unique, in order). */
export function parseCompareIds(text: string | null): string[] {
  return [...new Set((text ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
}

/** The compare page's path for some jobs. */
export const comparePath = (ids: readonly string[]) => `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
