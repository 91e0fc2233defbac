import { REPLAY_RECORD_VERSION, type AutoMLResults, type ModelFamily, type ResultAlgorithm, type RuleAlgorithm } from '@indicata/contracts';
import { transformFeatures } from '../preprocess/features.ts';
import { pickInt32 } from '../data/stats.ts';
import { clean } from '../metrics/tables.ts';
import { assembleResults, budgetUse, historyDescription } from './assemble.ts';
import { collectModelResults } from './run-models.ts';
import { predictionTableOrder, type TestContext } from './model-results.ts';
import { attachTrust } from './trust-results.ts';
import type { SavedPipelineModel } from './saved-model.ts';
import { engineVersionOf, frameSha256, recordedConfig } from './replay.ts';
import { searchRecordOf } from '../search/replay-search.ts';
import type { PreparedRun, RunSetup } from './run-prepare.ts';
import type { SearchOutcome } from './run-search.ts';
import type { ChoiceOutcome, FinalsOutcome } from './run-choose.ts';
import type { ChecksOutcome } from './run-checks.ts';

/**
 * The assemble phase: every model's test figures, prediction sets and calibration, the results JSON with the choice
 * and the reasons for it, the budget's use and the replay record, and the saved models.
 * @param setup the run's configuration, clock and warnings
 * @param prep the prepared data
 * @param search the searched candidates
 * @param choice the finalists, the ensemble and the time the choice was made with
 * @param finals the final fits
 * @param checks the rules, the horizon check and the CV gap
 */
export function assemblePhase(
  setup: RunSetup,
  prep: PreparedRun,
  search: SearchOutcome,
  choice: ChoiceOutcome,
  finals: FinalsOutcome,
  checks: ChecksOutcome,
): { results: AutoMLResults; models: Partial<Record<ModelFamily | RuleAlgorithm, SavedPipelineModel>> } {
  const { frame, config, budget, progress, warnings, replay } = setup;
  const { prepared, primary, nClasses, titles, dataOf, inputSets, history, permutationPositions, foldKind, folds } = prep;
  const { finalists, ensemble, choiceTime } = choice;
  const { verdict, finalChoice, rules, rulesCompete } = checks;
  budget.enter('assemble');
  progress(0.95, 'Writing the results');
  const actual = pickInt32(prepared.classOf, prepared.testRows);
  const ctx: TestContext = {
    frame,
    prepared,
    config,
    actual,
    tableOrder: predictionTableOrder(frame, prepared.testRows),
    incomplete: transformFeatures(primary.source, primary.final.set.fitted, prepared.testRows).incomplete,
    titles,
    nClasses,
  };
  const { models, resultados, summary, savedModels, ruleTests } = collectModelResults({
    frame,
    config,
    prepared,
    ctx,
    permutationPositions,
    finalists,
    fitted: finals.fitted,
    finals: finals.finals,
    searched: search.searched,
    dataOf,
    history,
    ensemble,
    folds: primary.folds,
    rules: rulesCompete ? rules : null,
  });
  const recommended = verdict.recommended;
  // Prediction sets and calibration of every model, from its own validation probabilities.
  const trust = attachTrust(models, recommended ? recommended.name : (finalChoice.algorithm as ResultAlgorithm), {
    finalists,
    finals: finals.finals,
    ensembleWeights: models.Ensemble && ensemble ? ensemble.weights : null,
    rules: ruleTests,
    folds: primary.folds,
    ctx: { testActual: actual, testYears: prepared.testRows.map((i) => frame.time[i]), tableOrder: ctx.tableOrder, nClasses, titles, nominal: config.predictionSetLevel },
  });

  const historyRule = recommended && recommended.name !== 'Majority' ? recommended.name : null;
  const usesHistory = historyRule !== null || (!recommended && finalChoice.members.some((m) => m.finalist.scored.candidate.inputs === 'indicators+history'));
  const chosenInputs = dataOf(usesHistory ? 'indicators+history' : inputSets[0]);
  const results = assembleResults({
    frame,
    config,
    prepared: { ...prepared, source: chosenInputs.source },
    // The indicators the chosen model uses (with the history columns when it uses them).
    finalSet: chosenInputs.final.set,
    chosen: recommended
      ? { algorithm: recommended.name, mean: recommended.pooled, std: 0, reason: verdict.reason as string }
      : { algorithm: finalChoice.algorithm as ResultAlgorithm, mean: finalChoice.forwardChaining, std: 0, reason: finalChoice.reason },
    rules,
    choice: {
      model: finalChoice.algorithm as ResultAlgorithm,
      modelValidationMacroF1: finalChoice.forwardChaining,
      tieBreak: finalChoice.tieBreak,
      ensemble: finalChoice.ensembleComparison,
      rules: verdict.report,
      horizon: checks.horizonReport,
      horizonSkipped: checks.horizonSkipped,
      // Left out when the check did not run, so a replay of a run made before the check existed still matches.
      yearly: checks.yearlyReport ?? undefined,
      recommended: recommended ? recommended.name : (finalChoice.algorithm as ResultAlgorithm),
    },
    foldKind,
    folds,
    models,
    resultados,
    summary,
    cvGap: checks.cvGap,
    warnings,
    actual,
    testIncompleteCount: config.preprocessing.missingData.imputation === 'none' ? ctx.incomplete.reduce((s, v) => s + v, 0) : 0,
    budget,
    cvGapSkippedReason: checks.cvGapSkippedReason,
    targetHistory: {
      mode: config.targetHistory,
      used: usesHistory,
      description: historyDescription(config.targetHistory, historyRule, usesHistory),
    },
  });
  budget.finish();
  results.budgetUse = budgetUse(budget, config.budgetSeconds, [...search.searched.values()]);
  if (trust) results.trust = trust;
  results.replay = replay ?? {
    version: REPLAY_RECORD_VERSION,
    engineVersion: engineVersionOf(),
    frameSha256: frameSha256(frame),
    config: recordedConfig(config),
    search: searchRecordOf(search.searched),
    choice: choiceTime,
    finals: { fitted: finalists.filter((f) => finals.finals.has(f.family)).map((f) => f.family), lastResort: finals.lastResort },
    horizon: checks.horizonRecord,
    cvGap: checks.cvGapRecord,
  };
  results.elapsedSeconds = clean(budget.elapsedSeconds()) as number;
  progress(1, 'Done');
  return { results, models: savedModels };
}
