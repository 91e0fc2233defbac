import { splitYearsOf, targetCodes, WHO_DATABASE, type SplitChoice, type TargetClassPreviewResponse } from '@indicata/contracts';
import { assignClass, fitTargetClasses, previewTargetClasses } from '@indicata/engine/preprocess/target-classes';
import type { TargetDiscretization } from '@indicata/engine/pipeline/config';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { buildWhoFrame, WhoFrameError } from '../who/frame.ts';

export interface TargetColumnRequest {
  database: string;
  uploadId: string | null;
  targetCode: string;
  targetDimension?: string;
}

/** The target column (NaN = missing) with each row's year, place and, for WHO data, WHO region. */
export interface TargetRows {
  values: Float64Array;
  time: ArrayLike<number>;
  space: readonly string[];
  region: readonly (string | null)[] | null;
}

/** Reads one numeric column of the caller's upload with each row's year and place. */
export type UploadColumnReader = (userId: string, uploadId: string, column: string) => Promise<TargetRows>;

/**
 * The target column with its rows' years and places, from the WHO catalog or the user's upload.
 * Only the target is loaded: the WHO frame is asked for no other indicator.
 */
export async function loadTargetRows(db: Db, userId: string, request: TargetColumnRequest, readUploadColumn: UploadColumnReader | undefined): Promise<TargetRows> {
  if (request.database === WHO_DATABASE) {
    try {
      const frame = await buildWhoFrame(db, {
        targetCode: request.targetCode,
        targetDimension: request.targetDimension,
        featureCodes: [request.targetCode],
      });
      const column = frame.columns.find((c) => c.name === frame.targetColumn);
      if (!column) throw new WhoFrameError(`The WHO catalog has no values for ${frame.targetColumn}.`);
      return { values: column.values, time: frame.time, space: frame.space, region: frame.region ?? null };
    } catch (error) {
      if (error instanceof WhoFrameError) throw new ApiError(404, 'not_found', error.message);
      throw error;
    }
  }
  if (!request.uploadId) throw new ApiError(400, 'invalid_argument', 'Choose the uploaded file (uploadId) or the WHO database.');
  if (!readUploadColumn) throw ApiError.of(503, 'unavailable');
  return readUploadColumn(userId, request.uploadId, request.targetCode);
}

/**
 * The rows a split trains and tests on, as the engine's outer split takes them (`search/splits.ts`): a test year
 * trains on every earlier year of every place, and its region (a place first, else a WHO region) limits only the
 * test rows; a percentage tests the latest whole years.
 */
function splitRows(rows: TargetRows, usable: number[], split: SplitChoice) {
  const { time, space, region } = rows;
  const years = splitYearsOf(
    usable.map((i) => time[i]),
    split,
  );
  const testYears = new Set(years.testYears);
  const trainYears = new Set(years.trainYears);
  const wanted = split.mode === 'year' ? split.region : null;
  let inRegion: (i: number) => boolean = () => true;
  if (wanted !== null) {
    const bySpace = usable.some((i) => space[i] === wanted);
    inRegion = bySpace ? (i) => space[i] === wanted : (i) => region !== null && region[i] === wanted;
  }
  return {
    ...years,
    train: usable.filter((i) => trainYears.has(time[i])),
    test: usable.filter((i) => testYears.has(time[i]) && inRegion(i)),
    testRegion: wanted,
  };
}

/**
 * Counts the rows per class of a discretization on a target column, and with a split the rows of each class in the
 * training and the test years; the classes are then fitted on the training rows only, as the engine fits them.
 * @param rows the target column with its rows' years and places
 * @param discretization automatic groups (with their method) or manual classes
 * @param split the job's split, if chosen
 */
export function previewClasses(rows: TargetRows, discretization: TargetDiscretization, split?: SplitChoice): TargetClassPreviewResponse {
  const { values } = rows;
  const usable: number[] = [];
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i])) usable.push(i);
  if (usable.length === 0) throw new ApiError(404, 'not_found', 'The chosen target has no values.');
  const codes = targetCodes(values);
  const coded = codes ? { codes } : {};
  if (!split) {
    const preview = previewTargetClasses(values, discretization);
    return { classes: preview.classes, unassigned: preview.unassigned, missing: preview.missing, rows: usable.length, ...coded, split: null };
  }
  const parts = splitRows(rows, usable, split);
  // Nothing to train on is refused by the checks; the classes of all rows still show what the target looks like.
  const fitted = fitTargetClasses(
    (parts.train.length > 0 ? parts.train : usable).map((i) => values[i]),
    discretization,
  );
  const count = (indices: number[]) => {
    const perClass = new Array<number>(fitted.classes.length).fill(0);
    let outside = 0;
    for (const i of indices) {
      const c = assignClass(values[i], fitted);
      if (c === -1) outside += 1;
      else perClass[c] += 1;
    }
    return { perClass, outside };
  };
  const all = count(usable);
  const train = count(parts.train);
  const test = count(parts.test);
  return {
    classes: fitted.classes.map((c, index) => ({ index, title: c.title, min: c.min, max: c.max, count: all.perClass[index], train: train.perClass[index], test: test.perClass[index] })),
    unassigned: all.outside,
    missing: values.length - usable.length,
    rows: usable.length,
    ...coded,
    split: { trainYears: parts.trainYears, testYears: parts.testYears, trainRows: parts.train.length, testRows: parts.test.length, testRegion: parts.testRegion },
  };
}
