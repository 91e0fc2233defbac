import { z } from 'zod';
import { RULE_ALGORITHMS, resultAlgorithmSchema } from './result-algorithms.ts';

/**
 * The choice in numbers, all from the pooled forward-chaining validation predictions: the best model against its
 * ensemble and against the rules, each difference beside the standard error of that paired difference (a seeded
 * bootstrap over the pooled rows). A difference within one standard error is noise.
 */
export const choiceReportSchema = z.object({
  /** The model the search recommends before the rules are weighed (a family or the ensemble). */
  model: resultAlgorithmSchema,
  modelValidationMacroF1: z.number(),
  /**
   * What picked the model when several were within noise of the best (null: the best pooled macro-F1 alone): the
   * Brier score of the pooled validation probabilities, or the macro-F1 over the horizon when the horizon check ran.
   */
  tieBreak: z.string().nullable(),
  ensemble: z.object({
    /** Whether an ensemble was selected and compared. */
    considered: z.boolean(),
    chosen: z.boolean(),
    /** The family of its best member. */
    bestMember: z.string().nullable(),
    /** Ensemble's pooled validation macro-F1 minus its best member's. */
    margin: z.number().nullable(),
    standardError: z.number().nullable(),
  }),
  /** The best rule against the model (null when the rules were not candidates: target history off). */
  rules: z
    .object({
      best: z.enum(RULE_ALGORITHMS),
      validationMacroF1: z.number(),
      /** Model's pooled validation macro-F1 minus the rule's. */
      margin: z.number(),
      /** Bootstrap standard error of the difference the choice read: `margin`, or `supportedClasses.margin`. */
      standardError: z.number(),
      /**
       * The model predicts what the rule predicts on every pooled validation row (a model that learned to copy last
       * year's class): it adds nothing to the rule. Absent in results written before 2026-11-29.
       */
      samePredictions: z.boolean().optional(),
      /**
       * When some class had fewer than `minRows` pooled validation rows: the model-minus-rule macro-F1 over the classes
       * with at least that many (class indices), the difference the choice read, and `standardError` is its standard
       * error; the model must also be ahead on `margin`. One rare row put right is worth a fifth of a five-class
       * macro-F1, so it decides nothing. Absent otherwise, and in results written before 2026-11-29.
       */
      supportedClasses: z.object({ classes: z.array(z.number().int()), minRows: z.number().int(), margin: z.number() }).optional(),
    })
    .nullable(),
  /**
   * The model against the rule over the test horizon, on training years only: trained on the years up to
   * `trainedThrough`, scored on `years` (as many as the test years). A model that wins one year ahead but scores below
   * the rule here is not recommended (results written before 2026-11-28 vetoed only a loss beyond one standard
   * error); the model figures are those of the model recommended (of the one-step choice when the rule is). Absent
   * when not run (a rule already recommended, one test year, too few years, no time left).
   */
  horizon: z
    .object({
      years: z.array(z.number().int()),
      trainedThrough: z.number().int(),
      rows: z.number().int(),
      modelMacroF1: z.number(),
      ruleMacroF1: z.number(),
      /** Bootstrap standard error of the model-minus-rule macro-F1 over the horizon rows. */
      standardError: z.number(),
      /** Not behind the rule (model macro-F1 >= the rule's). */
      passed: z.boolean(),
      /** Every configuration checked (the one-step choice first, then other finalists that beat the rule one year ahead). */
      compared: z.array(z.object({ algorithm: resultAlgorithmSchema, modelMacroF1: z.number(), standardError: z.number(), passed: z.boolean() })),
      /**
       * When the check broke a tie: the models level one year ahead that it ranked by their macro-F1 here, the one
       * recommended among them (it scored highest). Absent when it did not change the one-step choice.
       */
      level: z.array(resultAlgorithmSchema).optional(),
    })
    .nullable()
    .optional(),
  /**
   * Why the horizon check could not run when a model beat the rule one year ahead (no time left): the rule is then
   * recommended, since nothing showed that the model's lead lasts. Absent or null otherwise.
   */
  horizonSkipped: z.string().nullable().optional(),
  /**
   * When the test is a single year: the model against the rule on each validation year scored on its own, as the
   * test year is, averaged over `years`. A model ahead of the rule on the pooled validation rows is recommended only
   * when it also leads on this mean by more than its standard error; the model figures are those of the model
   * recommended (of the one-step choice when the rule is). Absent when not run (several test years, a rule already
   * recommended; results before 2026-11-28).
   */
  yearly: z
    .object({
      years: z.array(z.number().int()),
      modelMacroF1: z.number(),
      ruleMacroF1: z.number(),
      /** Standard error of the mean of the yearly model-minus-rule differences. */
      standardError: z.number(),
      /** Mean yearly macro-F1 ahead of the rule's by more than the standard error. */
      passed: z.boolean(),
      /** Every configuration checked (the one-step choice first, then other finalists that beat the rule on the pooled rows). */
      compared: z.array(z.object({ algorithm: resultAlgorithmSchema, modelMacroF1: z.number(), ruleMacroF1: z.number(), standardError: z.number(), passed: z.boolean() })),
    })
    .nullable()
    .optional(),
  /** What the run recommends: `best`. */
  recommended: resultAlgorithmSchema,
});
export type ChoiceReport = z.infer<typeof choiceReportSchema>;
