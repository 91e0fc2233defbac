import fs from 'node:fs';
import path from 'node:path';
import type { JobDataInput, UploadRecord } from '@indicata/contracts';
import { autoJobSettings } from '@indicata/contracts';
import type { AppContext } from '../../src/context.ts';
import { createUpload } from '../../src/modules/uploads/service.ts';

/** A deterministic pseudo-random sequence (tests must not depend on Math.random). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A semicolon CSV panel: `regions` regions x `years` years, features f1..f4 and a target `score` that
 * follows f1 and f2 with noise (so a model can learn it, and a broken pipeline shows).
 */
export function panelCsv(regions = 24, years = 8, seed = 1): string {
  const random = lcg(seed);
  const lines = ['region;year;f1;f2;f3;f4;score'];
  for (let r = 0; r < regions; r++) {
    const level = random() * 10;
    for (let y = 0; y < years; y++) {
      const f1 = level + y * 0.3 + random();
      const f2 = random() * 5;
      const f3 = random() * 100;
      const f4 = r % 3;
      const score = 2 * f1 + f2 + random() * 2;
      lines.push([`R${String(r).padStart(2, '0')}`, 2000 + y, f1.toFixed(3), f2.toFixed(3), f3.toFixed(2), f4, score.toFixed(3)].join(';'));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Stores a panel CSV as `userId`'s upload through the uploads service (the same path as POST /api/uploads). */
export async function uploadPanel(ctx: AppContext, userId: string, csv = panelCsv()): Promise<UploadRecord> {
  return createUpload(ctx.database.db, ctx.storage!, {
    userId,
    fileName: 'panel data.csv',
    bytes: new TextEncoder().encode(csv),
    spatialColumn: 'region',
    temporalColumn: 'year',
  });
}

/** A valid job configuration on an upload: target `score`, 3 quantile classes, test on the last year. */
export function uploadJobData(upload: UploadRecord, overrides: Partial<JobDataInput> = {}): JobDataInput {
  return {
    ...autoJobSettings(),
    database: upload.storedName,
    uploadId: upload.id,
    codePredictionIndicator: 'score',
    predictionIndicatorDimensions: [],
    predictionIndicatorYear: 2007,
    MLAlgorithms: ['DT', 'KNN'],
    timeDimension: 'year',
    regionDimension: 'region',
    KNNConfig: { KNNnNeighbors: [5], KNNweights: ['distance'], KNNalgorithm: ['auto'], KNNleafSize: [30], KNNp: [2] },
    DTConfig: {
      DTcriterion: ['gini'],
      DTsplitter: ['best'],
      DTmaxDepth: [4],
      DTminSamplesSplit: [2],
      DTminSamplesLeaf: [1],
      DTminWeightFractionLeaf: [0],
      DTmaxFeatures: [null],
      DTrandomState: [0],
      DTmaxLeafNodes: [null],
      DTminImpurityDecrease: [0],
    },
    seed: 11,
    ...overrides,
  };
}

/**
 * How many result e-mails about `jobId` a process without SMTP_URL wrote to DATA_DIR/outbox (0 when it wrote none).
 * Quoted-printable bodies wrap long lines with a soft break ("=" at the end of a line), so those are joined first.
 */
export function outboxMailsAbout(dataDir: string, jobId: string): number {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return 0;
  const text = (file: string) => fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
  return fs.readdirSync(outbox).filter((file) => text(file).includes(jobId)).length;
}
