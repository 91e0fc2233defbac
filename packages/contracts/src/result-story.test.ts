import { describe, expect, it } from 'vitest';
import { indicatorReasonText, showsCvGap, splitSentence, storyText, validationMethod, validationSentence, warningTexts, yearSpan } from './result-story.ts';
import type { SplitReport } from './results.ts';

const split: SplitReport = {
  mode: 'year',
  testYear: 2016,
  testRegion: null,
  testPercent: null,
  actualTestFraction: 0.0861,
  trainYears: [2000, 2001, 2002, 2003, 2004, 2005],
  testYears: [2016],
  trainRows: 532,
  testRows: 50,
  folds: [
    { validationYears: [2004], trainRows: 400, validationRows: 33 },
    { validationYears: [2005], trainRows: 433, validationRows: 33 },
  ],
  description: 'Training on the years before 2016 (all regions); testing on 2016.',
};
const randomSplit: SplitReport = { ...split, trainYears: [2015], folds: Array.from({ length: 5 }, () => ({ validationYears: [], trainRows: 40, validationRows: 10 })) };

describe('the story of a run, from its fields', () => {
  it('reads the validation method from the folds: random folds carry no validation year', () => {
    expect(validationMethod({ split })).toBe('forward-chaining');
    expect(validationMethod({ split: randomSplit })).toBe('random');
    expect(validationMethod({ split: { ...randomSplit, folds: [] } })).toBe('random');
  });

  it('says the split and the validation in either language, never with the engine\'s English description', () => {
    expect(storyText(splitSentence({ split }, 'en'), 'en')).toBe('Trained on the years before 2016 (2000–2005, 532 rows, all regions); tested on 2016 (50 rows).');
    expect(storyText(splitSentence({ split: { ...split, testRegion: 'Europe' } }, 'pt-BR'), 'pt-BR')).toBe(
      'Treino nos anos antes de 2016 (2000–2005, 532 linhas, todas as regiões); teste em 2016 na região Europe (50 linhas).',
    );
    const percent = { ...split, mode: 'percent' as const, testYear: null, testPercent: 10, testYears: [2015, 2016] };
    expect(storyText(splitSentence({ split: percent }, 'pt-BR'), 'pt-BR')).toContain('(50 linhas, 8,6% das linhas; 10% pedidos');
    expect(storyText(validationSentence({ split }), 'en')).toBe('Validation respected time: 2 folds, each trained on earlier years and scored on a later one (2004, 2005).');
    expect(storyText(validationSentence({ split: randomSplit }), 'en')).toMatch(/^The training rows cover a single year \(2015\), so validation could not respect time: the models were compared on 5 seeded stratified random folds/);
  });

  it('shows the CV gap only beside a validation that respected time', () => {
    const cvGap = { algorithm: 'RF', forwardChaining: 0.7, randomKFold: 0.8, gap: 0.1, folds: 5 };
    expect(showsCvGap({ split, cvGap })).toBe(true);
    expect(showsCvGap({ split: randomSplit, cvGap })).toBe(false);
    expect(showsCvGap({ split, cvGap: null })).toBe(false);
  });

  it("says the engine's known warnings in the reader's language and keeps the others apart, in English", () => {
    const warnings = [
      'The training rows cover a single time value, so validation used seeded stratified random folds instead of forward chaining.',
      'The random k-fold comparison (CV gap) was not computed: too few training rows for random k-fold.',
      'Something new.',
    ];
    expect(warningTexts(warnings, 'pt-BR')).toEqual({
      translated: [
        'As linhas de treino cobrem um único ano, então a validação usou dobras aleatórias estratificadas (com semente) em vez de dobras de anos posteriores.',
        'A comparação com uma divisão aleatória (CV gap) não foi calculada: poucas linhas de treino para k dobras aleatórias.',
      ],
      english: ['Something new.'],
    });
    const en = warningTexts(warnings, 'en');
    expect(en.english).toEqual([]);
    expect(en.translated[0]).not.toMatch(/forward chaining/);
    expect(en.translated[2]).toBe('Something new.');
  });

  it("says why an indicator was left out in the reader's language", () => {
    expect(indicatorReasonText('more than 50% missing on the training rows of the latest 3 years (2013-2015) (72% missing there)', 'pt-BR')).toBe(
      'mais de 50% de valores ausentes nas linhas de treino de 2013–2015 (72% ausentes ali)',
    );
    expect(indicatorReasonText('more than 50% missing on the training rows of the latest year 2015 (80% missing there)', 'en')).toBe(
      'more than 50% missing on the training rows of 2015 (80% missing there)',
    );
    expect(indicatorReasonText('|Pearson r| with the target above 0.95 (near-copy of the target)', 'pt-BR')).toBe('|r de Pearson| com o alvo acima de 0,95 (quase uma cópia do alvo)');
    expect(indicatorReasonText('not among the top 20 by information gain', 'pt-BR')).toBe('fora dos 20 primeiros por ganho de informação');
    expect(indicatorReasonText('something new', 'pt-BR')).toBe('something new');
  });

  it('writes long year lists as a range', () => {
    expect(yearSpan([])).toBe('—');
    expect(yearSpan([2014, 2015])).toBe('2014, 2015');
    expect(yearSpan([2000, 2001, 2002, 2003])).toBe('2000–2003');
  });
});
