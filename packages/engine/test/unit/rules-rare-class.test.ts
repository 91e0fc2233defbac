import { singleChoice } from '../../src/pipeline/choose.ts';
import { weighRules, type RuleCandidate } from '../../src/pipeline/rules.ts';
import { macroF1, macroF1Over } from '../../src/metrics/classification.ts';
import { bootstrapStandardError, pooledLabels } from '../../src/search/select.ts';
import { createRng, deriveSeed } from '../../src/data/random.ts';
import type { FoldData } from '../../src/search/search.ts';
import { finalistOver, ruleOver, weakModelOver } from '../helpers/rule-candidates.ts';

/**
 * Whether the trend rule stands beside persistence, and a model beats a rule, when the validation rows hold a class of a single row (sticky
 * panels: the top class of a skewed rate). Drawn or not by the bootstrap, that row moves the whole-score standard
 * error, so the lead is read on the other classes.
 */
const CLASSES = 4;
const RARE = 3;

/** Two folds of 200 rows of classes 0-2; the second fold's last row is the one row of the rare class. */
function rareClassFolds(): FoldData[] {
  const rng = createRng(7);
  const fold = (rare: boolean) => Int32Array.from({ length: 200 }, (_, i) => (rare && i === 199 ? RARE : Math.floor(rng.next() * 3)));
  return [{ yValidation: fold(false) } as FoldData, { yValidation: fold(true) } as FoldData];
}

const folds = rareClassFolds();
const labels = pooledLabels(folds);
const rareRow = labels.indexOf(RARE);

/** "Same class as last year": right on 80% of the rows; misses the rare row, and puts one class-0 row in the rare class. */
function persistenceLike(): Int32Array {
  const rng = createRng(11);
  const predicted = Int32Array.from(labels, (y) => (y === RARE ? 2 : rng.next() < 0.8 ? y : (y + 1) % 3));
  predicted[labels.indexOf(0)] = RARE;
  return predicted;
}

const ruleOf = (name: RuleCandidate['name'], predictions: Int32Array) => ruleOver(labels, CLASSES, name, predictions);

const weakModel = () => weakModelOver(labels, CLASSES, 0.7);

describe('the trend rule beside persistence, with a class of one validation row', () => {
  const persistence = persistenceLike();
  const others = [0, 1, 2];

  it('stands when it leads on the other classes by more than their noise, though not on the whole score', () => {
    // Trend: persistence with its first 30 wrong rows of classes 0-2 put right, and the stray rare-class guess too.
    const trend = persistence.slice();
    const wrong = [...trend.keys()].filter((i) => i !== rareRow && trend[i] !== labels[i]);
    for (const i of wrong.slice(0, 30)) trend[i] = labels[i];
    // Without the rare row, trend never names the rare class and persistence still does: the bootstrap's draws of
    // that one row swing the whole-score difference, so its standard error exceeds the lead.
    const lead = macroF1(labels, trend, CLASSES) - macroF1(labels, persistence, CLASSES);
    expect(lead).toBeGreaterThan(0);
    expect(bootstrapStandardError(labels, trend, persistence, CLASSES, 1)).toBeGreaterThan(lead);
    const onOthers = macroF1Over(others);
    expect(onOthers(labels, trend, CLASSES) - onOthers(labels, persistence, CLASSES)).toBeGreaterThan(2 * bootstrapStandardError(labels, trend, persistence, CLASSES, 1, onOthers));
    const rules = [ruleOf('Persistence', persistence), ruleOf('Trend', trend)];
    const verdict = weighRules(singleChoice(weakModel(), 'test'), rules, folds, CLASSES, 1);
    expect(verdict.recommended?.name).toBe('Trend');
  });

  it('does not stand on the rare row alone', () => {
    // Trend: gets the rare row right, and 10 rows of classes 0-2 wrong that persistence gets right: ahead on the whole
    // score by more than its standard error, behind on every other class.
    const trend = persistence.slice();
    trend[rareRow] = RARE;
    const right = [...trend.keys()].filter((i) => i !== rareRow && trend[i] === labels[i]);
    for (const i of right.slice(0, 10)) trend[i] = (labels[i] + 1) % 3;
    const lead = macroF1(labels, trend, CLASSES) - macroF1(labels, persistence, CLASSES);
    expect(lead).toBeGreaterThan(bootstrapStandardError(labels, trend, persistence, CLASSES, 1));
    const onOthers = macroF1Over(others);
    expect(onOthers(labels, trend, CLASSES)).toBeLessThan(onOthers(labels, persistence, CLASSES));
    const rules = [ruleOf('Persistence', persistence), ruleOf('Trend', trend)];
    const verdict = weighRules(singleChoice(weakModel(), 'test'), rules, folds, CLASSES, 1);
    expect(verdict.recommended?.name).toBe('Persistence');
  });
});

/** A model finalist with the given pooled validation predictions (probabilities are not read by the weighing). */
const modelWith = (predictions: Int32Array) => finalistOver(labels, CLASSES, 'RF', predictions);

describe('a model against persistence, with a class of one validation row', () => {
  const persistence = persistenceLike();
  const others = [0, 1, 2];
  const onOthers = macroF1Over(others);

  it('is not recommended for the rare row alone, and the verdict reads the lead on the other classes', () => {
    // The model: persistence with the rare row put right and 10 rows of classes 0-2 put wrong. On every class it
    // leads by more than the whole-score noise (the rows weighing rules on every class recommended it); on the
    // classes that count as evidence it is behind.
    const model = persistence.slice();
    model[rareRow] = RARE;
    const right = [...model.keys()].filter((i) => i !== rareRow && model[i] === labels[i]);
    for (const i of right.slice(0, 10)) model[i] = (labels[i] + 1) % 3;
    const lead = macroF1(labels, model, CLASSES) - macroF1(labels, persistence, CLASSES);
    expect(lead).toBeGreaterThan(bootstrapStandardError(labels, model, persistence, CLASSES, 1));
    const verdict = weighRules(singleChoice(modelWith(model), 'test'), [ruleOf('Persistence', persistence)], folds, CLASSES, 1);
    expect(verdict.recommended?.name).toBe('Persistence');
    expect(verdict.report?.margin).toBeCloseTo(lead, 10);
    expect(verdict.report?.supportedClasses).toEqual({ classes: others, minRows: 5, margin: onOthers(labels, model, CLASSES) - onOthers(labels, persistence, CLASSES) });
    expect(verdict.report?.supportedClasses?.margin).toBeLessThan(0);
    expect(verdict.reason).toMatch(/behind it on the classes with at least 5 validation rows by 0\.\d{4} .*rests on classes of fewer rows/);
  });

  it('is recommended when it leads on the other classes by more than their noise and is ahead on every class', () => {
    // The model: persistence with 30 of its wrong rows of classes 0-2 put right; like persistence it misses the rare row.
    const model = persistence.slice();
    const wrong = [...model.keys()].filter((i) => i !== rareRow && model[i] !== labels[i]);
    for (const i of wrong.slice(0, 30)) model[i] = labels[i];
    const verdict = weighRules(singleChoice(modelWith(model), 'test'), [ruleOf('Persistence', persistence)], folds, CLASSES, 1);
    expect(verdict.recommended).toBeNull();
    const report = verdict.report!;
    expect(report.margin).toBeGreaterThan(0);
    expect(report.supportedClasses!.margin).toBeGreaterThan(report.standardError);
    expect(report.standardError).toBeCloseTo(bootstrapStandardError(labels, model, persistence, CLASSES, deriveSeed(1, 'model-or-rule'), onOthers), 10);
  });

  it('is weighed on every class when no class is that rare', () => {
    const common = Int32Array.from(labels, (y) => (y === RARE ? 0 : y));
    const commonFolds = [{ yValidation: common.subarray(0, 200) } as FoldData, { yValidation: common.subarray(200) } as FoldData];
    const verdict = weighRules(singleChoice(modelWith(common.slice()), 'test'), [ruleOver(common, CLASSES, 'Persistence', persistence)], commonFolds, CLASSES, 1);
    expect(verdict.recommended).toBeNull();
    expect(verdict.report?.supportedClasses).toBeUndefined();
  });
});
