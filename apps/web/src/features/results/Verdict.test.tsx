import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { bootstrapScores, compareWithBaselines, type AutoMLResults } from '@indicata/contracts';
import { renderWithProviders } from '../../test/render.tsx';
import { Verdict } from './components/Verdict.tsx';
import { ENGINE_FIXTURE_SOURCE, loadEngineResults } from './test/engineFixture.mjs';

// A real engine run (cached in the OS temp directory); skipped with a message when the shared data is absent.
let results: AutoMLResults | null = null;
beforeAll(() => {
  results = loadEngineResults();
  if (!results) console.warn(`Verdict tests skipped: ${ENGINE_FIXTURE_SOURCE} is absent`);
}, 600_000);

const text = (testId: string) => screen.getByTestId(testId).textContent ?? '';

describe('Verdict of a real engine run', { timeout: 60_000 }, () => {
  it('names the chosen model, its test scores with their bootstrap interval, the baselines and the test basis', () => {
    if (!results) return;
    const r = results;
    renderWithProviders(<Verdict results={r} />);
    const chosen = r.models[r.best]!;
    // The first line names the recommendation (a model or a rule) and how it fares against each other baseline.
    const ruleNames: Record<string, string> = { Persistence: 'the persistence rule', Majority: 'the majority rule', Trend: 'the trend rule' };
    const named = ruleNames[r.best] ?? r.best;
    expect(text('verdict-chosen')).toMatch(new RegExp(`^Recommended: ${named}`));
    const compared = compareWithBaselines(r);
    expect(text('verdict-chosen').match(/ on (validation|test) \(/g)?.length ?? 0).toBeGreaterThanOrEqual(compared.length);
    if (r.best === 'Persistence') expect(text('verdict-rule')).toMatch(/^The best rule here is to keep each country's class of its latest year; no model improved on it\./);
    else if (r.best === 'Trend') expect(text('verdict-rule')).toMatch(/^The best rule here is to carry each country's latest yearly change forward and take the class of the value it reaches; no model improved on it\./);
    else expect(screen.queryByTestId('verdict-rule')).toBeNull();
    // The figures behind a recommended rule say whether the model was within the noise of it or behind it.
    if (r.choice?.rules && r.best === r.choice.rules.best && -r.choice.rules.margin > r.choice.rules.standardError) expect(text('verdict-rule')).toMatch(/: behind it by \d\.\d{3} \(standard error \d\.\d{3}\)\.$/);
    const interval = bootstrapScores(chosen.predictions, r.classes.length, { seed: r.seed })!;
    expect(text('verdict-scores')).toBe(
      `On the test rows: macro-F1 ${chosen.test.macroF1!.toFixed(2)} (95% interval ${interval.macroF1.low.toFixed(2)} to ${interval.macroF1.high.toFixed(2)}); ` +
        `accuracy ${chosen.test.accuracy!.toFixed(2)} (${interval.accuracy.low.toFixed(2)} to ${interval.accuracy.high.toFixed(2)}).`,
    );
    // A country's rows of successive test years are alike: the interval draws countries, not rows.
    const countries = new Set(chosen.predictions.map((p) => p.space)).size;
    expect(text('verdict-interval-note')).toMatch(
      new RegExp(`^Intervals from 1000 bootstrap resamples of the test rows, drawn country by country \\(${countries} in all, each with all its test years; seed ${r.seed}\\)`),
    );
    const baselines = screen.getByTestId('verdict-baselines').querySelectorAll('li');
    // A recommended rule is not compared with its own baseline.
    const others = r.baselines.filter((b) => b.name !== r.best.toLowerCase());
    expect(baselines).toHaveLength(others.length);
    others.forEach((baseline, i) => {
      const beaten = chosen.test.macroF1! > baseline.test.macroF1!;
      expect(baselines[i].textContent).toMatch(beaten ? /^✓Beats the / : /^✗Does not beat the /);
      expect(baselines[i].textContent).toContain(baseline.test.macroF1!.toFixed(2));
    });
    const years = [...new Set(chosen.predictions.map((p) => p.time))].sort();
    expect(text('verdict-basis')).toBe(`These figures rest on ${chosen.predictions.length} test rows, from ${years.join(', ')}.`);
    // The engine's own account of its budget: seconds per stage and the candidates it evaluated.
    expect(text('verdict-budget')).toMatch(/^Time budget \d+(\.\d)? s, of which the run took \d+(\.\d)? s: reading and preparing the data and writing the results \d+(\.\d)? s, search \d+(\.\d)? s, final fits \d+(\.\d)? s.*; \d+ of \d+ planned candidates evaluated\./);
    expect(screen.getByTestId('verdict-chart').getAttribute('aria-label')).toContain(`Test macro-F1 of ${r.best}`);
    // 340 test rows, every class with more than 5: no warning.
    expect(screen.queryByTestId('verdict-small-test')).toBeNull();
  });

  it('says in its first line when a test lead over a baseline is inside the interval, as the report does', () => {
    if (!results) return;
    const r = structuredClone(results);
    const chosenTest = r.models[r.best]!.test.macroF1!;
    for (const baseline of r.baselines) baseline.test.macroF1 = chosenTest - 0.001;
    renderWithProviders(<Verdict results={r} />);
    expect(text('verdict-chosen')).toMatch(/on test \([^)]*\)[^.]*\. Its lead over the .+ on test \(.+\) is inside its 95% interval, which reaches down to \d\.\d+: .+ so the lead may be chance\./);
  });

  it('warns when the figures rest on too few test rows, naming the thin classes', () => {
    if (!results) return;
    const r = results;
    const chosen = r.models[r.best]!;
    const one = chosen.predictions.slice(0, 1);
    const small: AutoMLResults = {
      ...r,
      classes: r.classes.map((c) => ({ ...c, testCount: c.index === one[0].actualIndex ? 1 : 0 })),
      models: { ...r.models, [r.best]: { ...chosen, predictions: one, test: { ...chosen.test, TotalIntances: 1 } } },
    };
    renderWithProviders(<Verdict results={small} />);
    const warning = text('verdict-small-test');
    expect(warning).toContain('Too little test data to trust these figures');
    expect(warning).toContain('Only 1 test rows (fewer than 30).');
    const withRow = r.classes.find((c) => c.index === one[0].actualIndex)!.title;
    const without = r.classes.filter((c) => c.title !== withRow).map((c) => c.title);
    expect(warning).toContain(`No test rows at all for ${without.join(', ')}: the test cannot judge how well these classes are predicted.`);
    expect(warning).toContain(`Classes with fewer than 5 test rows: ${withRow}.`);
  });

  it('names a class without test rows once, under a title about the classes, when the test has rows enough', () => {
    if (!results) return;
    const r = results;
    const [first, ...rest] = r.classes;
    const empty: AutoMLResults = { ...r, classes: [{ ...first!, testCount: 0 }, ...rest.map((c) => ({ ...c, testCount: 50 }))] };
    renderWithProviders(<Verdict results={empty} />);
    const warning = text('verdict-small-test');
    expect(warning).toContain('Some classes have too few test rows to judge');
    expect(warning).not.toContain('Too little test data');
    expect(warning).toContain(`No test rows at all for ${first!.title}: the test cannot judge how well this class is predicted.`);
    expect(warning).not.toContain('Classes with fewer than');
  });

  it("reports the engine's budget use when the results carry it", () => {
    if (!results) return;
    const withUse: AutoMLResults = {
      ...results,
      budgetUse: {
        budgetSeconds: 60,
        searchSeconds: 41.2,
        finalFitSeconds: 6.4,
        cvGapSeconds: 3.1,
        otherSeconds: 2,
        totalSeconds: 52.7,
        candidatesEvaluated: 57,
        candidatesPlanned: 160,
        stopped: ['SVM candidate 12 stopped after 4.1 s'],
      },
      cvGapSkippedReason: null,
    };
    renderWithProviders(<Verdict results={withUse} />);
    expect(text('verdict-budget')).toContain('Time budget 60 s, of which the run took 53 s: reading and preparing the data and writing the results 2.0 s, search 41 s, final fits 6.4 s, CV-gap check 3.1 s; 57 of 160 planned candidates evaluated.');
    expect(text('verdict-budget')).toContain('The budget cut the search short');
    expect(screen.getByText('Fits stopped or not started by the deadline: 1')).toBeTruthy();
    expect(screen.getByText('SVM candidate 12 stopped after 4.1 s')).toBeTruthy();
  });

  it('still says what the budget allowed for results from before budgetUse existed', () => {
    if (!results) return;
    const legacy: AutoMLResults = { ...results, budgetUse: undefined };
    renderWithProviders(<Verdict results={legacy} />);
    expect(text('verdict-budget')).toMatch(/^Time budget \d+(\.\d)? s; the run took \d+(\.\d)? s and evaluated \d+ of \d+ planned candidates\./);
  });
});

describe('Verdict: coverage of the prediction sets', { timeout: 60_000 }, () => {
  const trust = (coverage: number, byYear: { year: number; coverage: number }[]): NonNullable<AutoMLResults['trust']> => ({
    conformal: {
      nominal: 0.9,
      method: 'lac',
      test: { coverage, meanSetSize: 1.234, byYear: byYear.map((y) => ({ ...y, meanSetSize: 1.2, rows: 40 })), byClass: [] },
      compared: [],
    },
    calibration: {
      method: 'temperature',
      kept: true,
      temperature: 1.4,
      validation: { logLossBefore: 0.9, logLossAfter: 0.8 },
      test: { brierBefore: 0.3, brierAfter: 0.28, eceBefore: 0.08, eceAfter: 0.04, logLossBefore: 0.9, logLossAfter: 0.85 },
      reliability: { before: [], after: [] },
    },
  });

  it('states nominal and reached coverage and the mean set size', () => {
    if (!results) return;
    renderWithProviders(<Verdict results={{ ...results, trust: trust(0.931, [{ year: 2019, coverage: 0.92 }, { year: 2020, coverage: 0.94 }]) }} />);
    expect(text('verdict-coverage')).toBe('Prediction sets: 90% nominal, 93.1% reached on the test years, 1.2 classes on average.');
  });

  it('says plainly when coverage falls more than 5 points short, and in which years', () => {
    if (!results) return;
    renderWithProviders(<Verdict results={{ ...results, trust: trust(0.82, [{ year: 2019, coverage: 0.91 }, { year: 2020, coverage: 0.73 }]) }} />);
    expect(text('verdict-coverage')).toBe(
      'Prediction sets: 90% nominal, 82.0% reached on the test years, 1.2 classes on average. ' +
        'Coverage falls short of the nominal by 8.0 points: the sets hold the true class less often than they promise. ' +
        'More than 5 points below the nominal in 2020 (73.0%).',
    );
  });

  it('writes the coverage with the decimal comma in Portuguese, as the scores beside it', async () => {
    if (!results) return;
    await i18next.changeLanguage('pt-BR');
    try {
      renderWithProviders(<Verdict results={{ ...results, trust: trust(0.931, [{ year: 2019, coverage: 0.92 }]) }} />);
      expect(text('verdict-coverage')).toContain('93,1%');
      expect(text('verdict-coverage')).toContain('1,2');
      expect(text('verdict-coverage')).not.toMatch(/\d\.\d/);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says which models were level on validation and why the horizon preferred the recommended one, in both languages', async () => {
    if (!results) return;
    const [model, other] = ['RF', 'KNN'].filter((name) => results!.models[name as 'RF']) as ('RF' | 'KNN')[];
    if (!model || !other) return;
    const compared = [
      { algorithm: other, modelMacroF1: 0.7391, standardError: 0.034, passed: true },
      { algorithm: model, modelMacroF1: 0.7713, standardError: 0.031, passed: true },
    ];
    const horizon = { years: [2010, 2011, 2012], trainedThrough: 2009, rows: 540, modelMacroF1: 0.7713, ruleMacroF1: 0.6502, standardError: 0.031, passed: true, compared, level: [other, model] };
    const tied = { ...results, best: model, choice: { ...results.choice!, model, horizon, recommended: model } } as AutoMLResults;
    renderWithProviders(<Verdict results={tied} />);
    expect(text('verdict-tie-break')).toBe(
      `${model} and ${other} were level on validation (within one standard error). ${model} is recommended because, trained on the years up to 2009 and scored on 2010-2012, as far ahead as the test years reach, it scored highest of them: ${other} 0.739, ${model} 0.771.`,
    );
    await i18next.changeLanguage('pt-BR');
    try {
      renderWithProviders(<Verdict results={tied} />);
      expect(screen.getAllByTestId('verdict-tie-break')[1].textContent).toContain(`obteve o maior escore entre eles: ${other} 0,739, ${model} 0,771.`);
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says nothing of a tie when the horizon did not break one', () => {
    if (!results) return;
    renderWithProviders(<Verdict results={{ ...results, choice: results.choice ? { ...results.choice, horizon: null } : undefined }} />);
    expect(screen.queryByTestId('verdict-tie-break')).toBeNull();
  });

  it('says nothing about sets for results without a trust report', () => {
    if (!results) return;
    renderWithProviders(<Verdict results={{ ...results, trust: undefined }} />);
    expect(screen.queryByTestId('verdict-coverage')).toBeNull();
  });
});
