import fc from 'fast-check';
import {
  annParamsSchema,
  dtParamsSchema,
  HYPERPARAMETERS,
  JOB_LIMITS,
  knnParamsSchema,
  MODEL_FAMILIES,
  modelConfigProblems,
  rfParamsSchema,
  svmParamsSchema,
  type ParamValue,
} from '@indicata/contracts';
import { MODEL_PARAMS, parseParamText, type ParamDef } from './params.ts';

/**
 * The wizard's model pages, the API's job schema and the engine's parameter validation read one table. Here: for
 * every value the page accepts exactly what the API's schema accepts (packages/engine/test/models/
 * params.property.test.ts shows the engine accepts exactly what the schema accepts, with the same values).
 */
const SCHEMAS = { RF: rfParamsSchema, DT: dtParamsSchema, KNN: knnParamsSchema, SVM: svmParamsSchema, ANN: annParamsSchema } as const;

const keywords = [...new Set(Object.values(HYPERPARAMETERS).flatMap((ps) => ps.flatMap((p) => p.accepts.flatMap((a) => (a.kind === 'keyword' ? a.values : [])))))];
const boundaries = [-1, 0, 0.25, 0.5, 0.5000001, 0.9, 0.99, 1, 1.5, 2, 2.5, 3, 30, 4294967295, 4294967296];
const value: fc.Arbitrary<ParamValue> = fc.oneof(
  fc.constantFrom(...boundaries),
  fc.integer({ min: -5, max: 200 }),
  fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...keywords, 'precomputed', 'auto', 'yes', 'mse'),
  fc.constant(null),
  fc.boolean(),
);

/** Whether the page takes a value as a person types or picks it. */
function pageAccepts(def: ParamDef, v: ParamValue): boolean {
  if (def.kind.type === 'select') return typeof v === 'string' && parseParamText(def.kind, v).ok;
  if (def.kind.type === 'bool') return typeof v === 'boolean' && parseParamText(def.kind, v ? 'True' : 'False').ok;
  if (typeof v === 'boolean') return false;
  const parsed = parseParamText(def.kind, v === null ? 'None' : String(v));
  return parsed.ok && parsed.values.length === 1 && parsed.values[0] === v;
}

describe('one hyper-parameter table: the model pages accept what the API accepts', () => {
  for (const family of MODEL_FAMILIES) {
    it(`${family}: each parameter's values`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...MODEL_PARAMS[family]), value, (def, v) => {
          expect(pageAccepts(def, v)).toBe(SCHEMAS[family].safeParse({ [def.field]: [v] }).success);
        }),
        { numRuns: 600 },
      );
    });
  }

  it('RF: the page refuses oob_score with bootstrap off exactly when the API does', () => {
    const candidates = fc.oneof(fc.constant('auto' as const), fc.uniqueArray(fc.boolean(), { minLength: 1, maxLength: 2 }));
    fc.assert(
      fc.property(candidates, candidates, (oob, bootstrap) => {
        const config = { RFoobScore: oob, RFbootstrap: bootstrap };
        expect(modelConfigProblems('RF', config, JOB_LIMITS.candidatesMax).length === 0).toBe(rfParamsSchema.safeParse(config).success);
      }),
    );
  });
});
