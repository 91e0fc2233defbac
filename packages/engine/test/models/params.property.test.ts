import fc from 'fast-check';
import {
  annParamsSchema,
  dtParamsSchema,
  HYPERPARAMETERS,
  knnParamsSchema,
  MODEL_FAMILIES,
  rfParamsSchema,
  svmParamsSchema,
  type ModelFamily,
  type ParamValue,
} from '@indicata/contracts';
import { validateParams } from '../../src/models/params.ts';

/**
 * The engine's parameter validation and the API's job schema read one table: for every value the engine accepts
 * what the schema accepts and refuses what it refuses, apart from what the engine also takes outside a job (the
 * text "None" of its command line's configs, a precomputed kernel). The wizard's half is
 * apps/web/src/features/wizard/params.property.test.ts.
 */
const SCHEMAS = { RF: rfParamsSchema, DT: dtParamsSchema, KNN: knnParamsSchema, SVM: svmParamsSchema, ANN: annParamsSchema } as const;
const ENGINE_ONLY: Partial<Record<string, unknown[]>> = { 'SVM.kernel': ['precomputed'] };

const keywords = [...new Set(Object.values(HYPERPARAMETERS).flatMap((ps) => ps.flatMap((p) => p.accepts.flatMap((a) => (a.kind === 'keyword' ? a.values : [])))))];
const boundaries = [-1, 0, 0.25, 0.5, 0.5000001, 0.9, 0.99, 1, 1.5, 2, 2.5, 3, 30, 4294967295, 4294967296];
const value: fc.Arbitrary<ParamValue> = fc.oneof(
  fc.constantFrom(...boundaries),
  fc.integer({ min: -5, max: 200 }),
  fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...keywords, 'precomputed', 'None', 'auto', 'yes', 'mse'),
  fc.constant(null),
  fc.boolean(),
);

function engineAccepts(family: ModelFamily, params: Record<string, unknown>): boolean {
  try {
    validateParams(family, params);
    return true;
  } catch {
    return false;
  }
}

describe('one hyper-parameter table: the engine accepts what the API accepts', () => {
  for (const family of MODEL_FAMILIES) {
    it(`${family}: each parameter's values`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...HYPERPARAMETERS[family]), value, (param, v) => {
          const api = SCHEMAS[family].safeParse({ [param.field]: [v] }).success;
          const engine = engineAccepts(family, { [param.sklearn]: v });
          if (api) expect(engine).toBe(true);
          else if (v !== 'None' && !(ENGINE_ONLY[`${family}.${param.sklearn}`] ?? []).includes(v)) expect(engine).toBe(false);
        }),
        { numRuns: 600 },
      );
    });
  }

  it('RF: the API refuses oob_score and bootstrap candidates exactly when the engine refuses one combination of the grid', () => {
    const candidates = fc.oneof(fc.constant('auto' as const), fc.uniqueArray(fc.boolean(), { minLength: 1, maxLength: 2 }));
    fc.assert(
      fc.property(candidates, candidates, (oob, bootstrap) => {
        const grid = (setting: 'auto' | boolean[]) => (setting === 'auto' ? [undefined] : setting);
        const engine = grid(oob).every((o) => grid(bootstrap).every((b) => engineAccepts('RF', { oob_score: o, bootstrap: b })));
        expect(engine).toBe(rfParamsSchema.safeParse({ RFoobScore: oob, RFbootstrap: bootstrap }).success);
      }),
    );
  });
});
