import { autoJobSettings, type JobDataInput, type UploadRecord } from '@indicata/contracts';
import type { Db } from '../../src/db/client.ts';
import { writeCatalog } from '../../src/modules/who/catalog-writer.ts';
import type { Observation } from '../../src/modules/who/normalise.ts';
import { uploadJobData } from './fixtures.ts';

/**
 * The hostile POST /api/jobs bodies of the door probe: each asks for something the chosen data or the engine
 * cannot do. `late` ones used to be queued and then failed in the worker; `ignored` ones used to run to "done"
 * doing something other than what they asked. `field` is the field the refusal must name.
 */
export interface ProbeBody {
  label: string;
  kind: 'late' | 'ignored';
  field: string;
  data: JobDataInput;
}

const COUNTRIES = [
  { code: 'AAA', name: 'Alpha', regionCode: 'EUR', regionName: 'Europe' },
  { code: 'BBB', name: 'Beta', regionCode: 'EUR', regionName: 'Europe' },
  { code: 'CCC', name: 'Gamma', regionCode: 'EUR', regionName: 'Europe' },
  { code: 'DDD', name: 'Delta', regionCode: 'AFR', regionName: 'Africa' },
  { code: 'EEE', name: 'Epsilon', regionCode: 'AFR', regionName: 'Africa' },
  { code: 'FFF', name: 'Zeta', regionCode: 'AFR', regionName: 'Africa' },
];
/** The target has values in these years; the feature indicators too. */
export const WHO_YEARS = [2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009];

const observation = (countryCode: string, year: number, dimension: string, value: number): Observation => ({
  countryCode,
  year,
  dimensionType: dimension ? 'SEX' : '',
  dimensionValue: dimension,
  value,
  low: null,
  high: null,
  period: null,
  sourceRows: 1,
});

/** A small WHO catalog: LIFE (both sexes and female) and two plain indicators F1, F2 over six countries and ten years. */
export async function writeProbeCatalog(db: Db): Promise<void> {
  const cells = (dimension: string, value: (c: number, y: number) => number) =>
    COUNTRIES.flatMap((country, c) => WHO_YEARS.map((year, y) => observation(country.code, year, dimension, value(c, y))));
  async function* indicators() {
    yield { code: 'LIFE', label: 'Life expectancy', observations: [...cells('BTSX', (c, y) => 50 + c * 3 + y), ...cells('FMLE', (c, y) => 52 + c * 3 + y)] };
    yield { code: 'F1', label: 'Feature one', observations: cells('', (c, y) => c + y / 10) };
    yield { code: 'F2', label: 'Feature two', observations: cells('', (c, y) => (c * 7 + y * 3) % 11) };
  }
  await writeCatalog(db, COUNTRIES, indicators(), 1, { kind: 'import', location: 'test', fingerprint: 'probe' });
}

/** A valid WHO job on the probe catalog: LIFE for both sexes, test year 2009 in Europe. */
export function whoJobData(overrides: Partial<JobDataInput> = {}): JobDataInput {
  return {
    ...autoJobSettings(),
    database: 'WHO',
    uploadId: null,
    codePredictionIndicator: 'LIFE',
    predictionIndicatorDimensions: ['SEX_BTSX'],
    predictionIndicatorYear: 2009,
    predictionIndicatorRegion: 'Europe',
    MLAlgorithms: ['DT', 'RF'],
    timeDimension: 'year',
    regionDimension: 'regionName',
    seed: 3,
    ...overrides,
  };
}

/** Random Forest with every parameter on auto but the given ones. */
export function rf(overrides: Record<string, unknown>): JobDataInput['RFConfig'] {
  const auto = {
    RFnEstimators: 'auto',
    RFcriterion: 'auto',
    RFmaxDepth: 'auto',
    RFminSamplesSplit: 'auto',
    RFminSamplesLeaf: 'auto',
    RFminWeightFractionLeaf: 'auto',
    RFmaxFeatures: 'auto',
    RFmaxLeafNodes: 'auto',
    RFminImpurityDecrease: 'auto',
    RFbootstrap: 'auto',
    RFoobScore: 'auto',
  };
  return { ...auto, ...overrides } as JobDataInput['RFConfig'];
}

/** Decision Tree with every parameter on auto but the given ones. */
export function dt(overrides: Record<string, unknown>): JobDataInput['DTConfig'] {
  const auto = {
    DTcriterion: 'auto',
    DTsplitter: 'auto',
    DTmaxDepth: 'auto',
    DTminSamplesSplit: 'auto',
    DTminSamplesLeaf: 'auto',
    DTminWeightFractionLeaf: 'auto',
    DTmaxFeatures: 'auto',
    DTrandomState: 'auto',
    DTmaxLeafNodes: 'auto',
    DTminImpurityDecrease: 'auto',
  };
  return { ...auto, ...overrides } as JobDataInput['DTConfig'];
}

/** The probe's hostile bodies on WHO data and on `upload` (fixtures' panel: regions R00.., years 2000-2007). */
export function probeBodies(upload: UploadRecord): ProbeBody[] {
  const onUpload = (overrides: Partial<JobDataInput>) => uploadJobData(upload, { MLAlgorithms: ['DT', 'RF'], ...overrides });
  const both = (label: string, kind: ProbeBody['kind'], field: string, overrides: Partial<JobDataInput>, uploadOverrides = overrides): ProbeBody[] => [
    { label: `WHO: ${label}`, kind, field, data: whoJobData(overrides) },
    { label: `upload: ${label}`, kind, field, data: onUpload(uploadOverrides) },
  ];
  const featureEntry = (indicator: string) => JSON.stringify([{ indicator, option: 'automatic', groups: 3 }]);
  const manual = (classes: [string, number, number][]) => Object.fromEntries(classes.map((c, i) => [String(i + 1), c]));
  const byPercent = (percent: number) => ({ predictionIndicatorYear: null, predictionIndicatorRegion: null, fracUsedToTest: percent });
  return [
    ...both('RFminSamplesSplit [1]', 'late', 'RFConfig.RFminSamplesSplit', { RFConfig: rf({ RFminSamplesSplit: [1] }) }),
    ...both('RFminSamplesSplit [1.5]', 'late', 'RFConfig.RFminSamplesSplit', { RFConfig: rf({ RFminSamplesSplit: [1.5] }) }),
    ...both('RFmaxFeatures [1.5]', 'late', 'RFConfig.RFmaxFeatures', { RFConfig: rf({ RFmaxFeatures: [1.5] }) }),
    ...both('RFoobScore [true] with RFbootstrap [false]', 'late', 'RFConfig.RFoobScore', { RFConfig: rf({ RFoobScore: [true], RFbootstrap: [false] }) }),
    { label: 'WHO: target dimension SEX_XXX', kind: 'late', field: 'predictionIndicatorDimensions', data: whoJobData({ predictionIndicatorDimensions: ['SEX_XXX'] }) },
    ...both('region "Atlantis"', 'late', 'predictionIndicatorRegion', { predictionIndicatorRegion: 'Atlantis' }),
    { label: 'WHO: year 1900', kind: 'late', field: 'predictionIndicatorYear', data: whoJobData({ predictionIndicatorYear: 1900 }) },
    { label: 'upload: year 1800', kind: 'late', field: 'predictionIndicatorYear', data: onUpload({ predictionIndicatorYear: 1800 }) },
    ...both('groupsCategorizationFeatures names an indicator that does not exist', 'late', 'groupsCategorizationFeatures', { groupsCategorizationFeatures: featureEntry('NOPE') }),
    { label: 'WHO: DTminSamplesSplit [1.5]', kind: 'late', field: 'DTConfig.DTminSamplesSplit', data: whoJobData({ DTConfig: dt({ DTminSamplesSplit: [1.5] }) }) },
    ...both('RFminSamplesLeaf [0.9]', 'ignored', 'RFConfig.RFminSamplesLeaf', { RFConfig: rf({ RFminSamplesLeaf: [0.9] }) }),
    ...both('DTminSamplesLeaf [0.9]', 'ignored', 'DTConfig.DTminSamplesLeaf', { DTConfig: dt({ DTminSamplesLeaf: [0.9] }) }),
    ...both('regionDimension "nope"', 'ignored', 'regionDimension', { regionDimension: 'nope' }),
    ...both('timeDimension "nope"', 'ignored', 'timeDimension', { timeDimension: 'nope' }),
    ...both('a manual class with min > max', 'ignored', 'groupsCategorizationManual', {
      groupsCategorization: null,
      groupsCategorizationManual: manual([['low', 60, 40], ['high', 60, 100]]),
    }),
    ...both('overlapping manual classes', 'ignored', 'groupsCategorizationManual', {
      groupsCategorization: null,
      groupsCategorizationManual: manual([['low', 0, 60], ['high', 55, 100]]),
    }),
    // No training value falls in "beyond" (nor, on the upload's scores below 60, in "high"): no model can learn it.
    ...both('a manual class no training row falls in', 'ignored', 'groupsCategorizationManual', {
      groupsCategorization: null,
      groupsCategorizationManual: manual([['low', 0, 60], ['high', 60, 200], ['beyond', 200, 300]]),
    }),
    ...both('fracUsedToTest 0.0001', 'ignored', 'fracUsedToTest', byPercent(0.0001)),
    ...both('fracUsedToTest 99.9', 'ignored', 'fracUsedToTest', byPercent(99.9)),
  ];
}
