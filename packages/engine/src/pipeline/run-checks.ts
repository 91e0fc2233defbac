import type { AutoMLResults, ReplayRecord } from '@indicata/contracts';
import type { Choice } from './choose.ts';
import { ENGINE_WARNINGS } from './warnings.ts';
import { cvGapStage } from './cv-gap-stage.ts';
import { ruleCandidates, ruleInputsOf, weighRules, type RuleCandidate, type RuleVerdict } from './rules.ts';
import { checkHorizon, recommendAfterHorizon, type HorizonReport } from './horizon-check.ts';
import { recommendAfterYearly, type YearlyReport } from './yearly-check.ts';
import { replayedOr } from './replay.ts';
import type { PreparedRun, RunSetup } from './run-prepare.ts';
import type { SearchOutcome } from './run-search.ts';
import type { FinalsOutcome } from './run-choose.ts';

/** The model's standing against the rules and over the test horizon, and the CV gap of what is recommended. */
export interface ChecksOutcome {
  /** The rules scored on the validation folds (forward-chaining runs only). */
  rules: RuleCandidate[] | null;
  /** Whether the rules were candidates of the choice (the target's history offered). */
  rulesCompete: boolean;
  verdict: RuleVerdict;
  /** The choice, another finalist's when one stood in for it after the horizon check. */
  finalChoice: Choice;
  horizonReport: HorizonReport | null;
  horizonSkipped: string | null;
  /** The yearly check of a model about to be recommended over a rule when the test is a single year. */
  yearlyReport: YearlyReport | null;
  horizonRecord: ReplayRecord['horizon'];
  cvGap: AutoMLResults['cvGap'];
  cvGapSkippedReason: string | null;
  cvGapRecord: ReplayRecord['cvGap'];
}

/**
 * The checks phase: the rules weighed against the choice on the same validation folds, the horizon check (several
 * test years) or the yearly check (one) of a model about to be recommended over a rule, and the gap between
 * forward-chaining and random cross-validation.
 * @param setup the run's configuration, clock, fit threads and warnings
 * @param prep the prepared data and folds
 * @param search the fit costs and CV-gap fold shapes
 * @param finals the fitted finalists and the choice after the final fits
 */
export async function checksPhase(setup: RunSetup, prep: PreparedRun, search: SearchOutcome, finals: FinalsOutcome): Promise<ChecksOutcome> {
  const { frame, config, budget, progress, warnings, replay, runner, signal, modelModule } = setup;
  const { prepared, primary, nClasses, foldKind, history, horizon, horizonFoldOf, horizonShapeOf, randomFoldsOf, folds } = prep;
  const { fitted } = finals;
  let { finalChoice } = finals;
  // The rules on the same validation folds: scored in every mode (the leaderboard shows them), candidates of the
  // choice when the target's history is offered (with `off` the models are compared like for like with a model of
  // the indicators alone).
  const ruleInputs = ruleInputsOf(frame, prepared.classOf, history);
  const rules = foldKind === 'forward-chaining' ? ruleCandidates(ruleInputs, primary.folds, nClasses) : null;
  const rulesCompete = config.targetHistory !== 'off' && history !== null && rules !== null;
  let verdict = weighRules(finalChoice, rulesCompete ? rules : null, primary.folds, nClasses, config.seed);

  budget.enter('gap');
  // A model about to be recommended over a rule must not lose to it as far ahead as the test years reach; the other
  // finalists that beat the rule one year ahead are checked beside it, to stand in when it does.
  let horizonReport: HorizonReport | null = null;
  let horizonSkipped: string | null = null;
  let horizonRecord: ReplayRecord['horizon'] = null;
  const checkedRule = rules?.find((r) => r.name === verdict.report?.best);
  if (horizon && rulesCompete && !verdict.recommended && checkedRule) {
    progress(0.9, 'Checking the models against the rule over the test horizon');
    const options = { runner, budget, costs: search.costs, nClasses, seed: config.seed, modelModule, signal };
    const outcome = await recommendAfterHorizon(verdict, finalChoice, fitted, { rules, rule: checkedRule, folds: primary.folds, nClasses, seed: config.seed }, (contenders) =>
      replayedOr(replay?.horizon, (checked) =>
        checkHorizon(contenders.slice(0, checked ?? contenders.length), checkedRule, (inputs) => horizonFoldOf(inputs, horizon), horizonShapeOf, ruleInputs, horizon.validationYears, options),
      ).then((checked) => {
        horizonRecord = 'skipped' in checked ? { skipped: checked.skipped } : { checked: checked.compared.length };
        return checked;
      }),
    );
    ({ verdict, choice: finalChoice, report: horizonReport, skipped: horizonSkipped } = outcome);
    if (outcome.warning) warnings.push(outcome.warning);
  }
  // With a single test year there is no horizon beyond the one-year folds; the test scores that year on its own, so
  // a model's lead must also hold on the validation years scored one by one.
  let yearlyReport: YearlyReport | null = null;
  const singleTestYear = new Set(prepared.testRows.map((i) => frame.time[i])).size === 1;
  if (singleTestYear && rulesCompete && !verdict.recommended && checkedRule) {
    const years = folds.map((f) => f.validationYears[0]);
    ({ verdict, choice: finalChoice, report: yearlyReport } = recommendAfterYearly(verdict, finalChoice, fitted, { rules, rule: checkedRule, folds: primary.folds, nClasses, seed: config.seed }, years));
  }
  progress(0.9, 'Measuring the gap between forward-chaining and random cross-validation');
  const { cvGap, cvGapSkippedReason, record: cvGapRecord } = await cvGapStage(finalChoice, {
    trainRows: prepared.trainRows.length,
    randomFolds: config.randomFolds,
    recorded: replay?.cvGap,
    foldsOf: randomFoldsOf,
    shapesOf: search.gapFoldShapes,
    options: { runner, budget, costs: search.costs, nClasses, seed: config.seed, modelModule, signal },
  });
  if (cvGapSkippedReason) warnings.push(ENGINE_WARNINGS.cvGapSkipped(cvGapSkippedReason));
  if (process.env.INDICATA_DEBUG_SEARCH) process.stderr.write(`final fits and CV gap over at ${budget.elapsedSeconds().toFixed(1)} s\n`);
  return { rules, rulesCompete, verdict, finalChoice, horizonReport, horizonSkipped, yearlyReport, horizonRecord, cvGap, cvGapSkippedReason, cvGapRecord };
}
