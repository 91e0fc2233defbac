import { warningTexts } from '@indicata/contracts';
import { ENGINE_WARNINGS } from '../../src/pipeline/warnings.ts';

/**
 * Every warning the engine can write is said in Portuguese on a Portuguese page (none left in the engine's English),
 * with its figures in the reader's form. A new warning added to ENGINE_WARNINGS without its sentence in the app fails
 * here: the list below must call every builder.
 */
const SAMPLES: Record<keyof typeof ENGINE_WARNINGS, { text: string; figures: string[] }> = {
  singleTimeValue: { text: ENGINE_WARNINGS.singleTimeValue(), figures: [] },
  searchSampled: { text: ENGINE_WARNINGS.searchSampled(60, 4000, 12345, 20000), figures: ['60 s', '4000', '12345', '20000'] },
  searchStopped: { text: ENGINE_WARNINGS.searchStopped('SVM', 12, 40, 9), figures: ['SVM', '12', '40', '9'] },
  smallerForest: { text: ENGINE_WARNINGS.smallerForest('RF', 300, [100, 50]), figures: ['RF', '300', '100, 50'] },
  familyLeftOut: { text: ENGINE_WARNINGS.familyLeftOut('ANN'), figures: ['ANN'] },
  choiceGaveWay: { text: ENGINE_WARNINGS.choiceGaveWay('Ensemble', 3.25, 'the ensemble of KNN, DT'), figures: ['Ensemble', '3,3 s', 'o ensemble de KNN, DT'] },
  lastResort: { text: ENGINE_WARNINGS.lastResort(3, 60), figures: ['3 s', '60 s'] },
  choiceReplaced: { text: ENGINE_WARNINGS.choiceReplaced('RF', 'DT'), figures: ['RF', 'DT'] },
  noFinalFit: { text: ENGINE_WARNINGS.noFinalFit('KNN'), figures: ['KNN'] },
  horizonUnchecked: { text: ENGINE_WARNINGS.horizonUnchecked('persistence', 'not enough time left in the budget (predicted 4.2 s)'), figures: ['persistência'] },
  cvGapSkipped: { text: ENGINE_WARNINGS.cvGapSkipped('too few training rows for random k-fold'), figures: ['CV gap'] },
  unassignedRows: { text: ENGINE_WARNINGS.unassignedRows(7), figures: ['7'] },
  manualNotNumeric: { text: ENGINE_WARNINGS.manualNotNumeric('WHS9_93'), figures: ['"WHS9_93"'] },
  manualRemoved: { text: ENGINE_WARNINGS.manualRemoved('WHS9_93'), figures: ['"WHS9_93"'] },
  attributeDiscretizationSkipped: { text: ENGINE_WARNINGS.attributeDiscretizationSkipped('WHS9_93'), figures: ['"WHS9_93"'] },
  baselinesAsGood: {
    text: ENGINE_WARNINGS.baselinesAsGood([{ name: 'persistence', macroF1: 0.8714 }, { name: 'majority', macroF1: 0.5 }], 'RF', 0.866),
    figures: ['persistência marca 0,871', 'majoritária marca 0,500', 'RF', '0,866'],
  },
  balancingFallback: { text: ENGINE_WARNINGS.balancingFallback(['High', 'Very high']), figures: ['High, Very high'] },
  fewTestRows: {
    text: ENGINE_WARNINGS.fewTestRows([{ title: '2', rows: 4 }, { title: 'Very high', rows: 1 }], { title: '1', rows: 1881 }),
    figures: ['"2" (4), "Very high" (1)', 'as 1881 linhas de teste da classe "1"'],
  },
};

describe('engine warnings in the reader\'s language', () => {
  it('has a sample of every warning builder', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(ENGINE_WARNINGS).sort());
  });

  it.each(Object.entries(SAMPLES))('%s: said in Portuguese with its figures, and in English', (_name, { text, figures }) => {
    const pt = warningTexts([text], 'pt-BR');
    expect(pt.english).toEqual([]);
    expect(pt.translated).toHaveLength(1);
    const sentence = pt.translated[0] as string;
    expect(sentence).not.toBe(text);
    for (const figure of figures) expect(sentence).toContain(figure);
    // No English word of the engine's sentence is left in the Portuguese one.
    expect(sentence).not.toMatch(/\b(the|budget|was|rows|and)\b/);
    const en = warningTexts([text], 'en');
    expect(en.english).toEqual([]);
    expect(en.translated).toHaveLength(1);
  });

  it('says of a recommended rule that it did no better than the simpler one, not that a model adds nothing', () => {
    const text = ENGINE_WARNINGS.baselinesAsGood([{ name: 'majority', macroF1: 0.3324 }], 'Persistence', 0.249);
    expect(text).toContain('the recommended rule does no better than this simpler one here.');
    expect(text).not.toContain('model');
    expect(warningTexts([text], 'en').translated).toEqual([
      'On the test rows the majority baseline scores 0.332, at least as well as the recommended Persistence (0.249 test macro-F1): the recommended rule does no better than this simpler one here.',
    ]);
    const pt = warningTexts([text], 'pt-BR').translated[0] as string;
    expect(pt).toContain('pelo menos tão bem quanto a regra Persistence recomendada (0,249 de macro-F1 no teste)');
    expect(pt).not.toContain('modelo');
  });
});
