import { describe, expect, it } from 'vitest';
import { autoMLResultsSchema, type AutoMLResults } from '@indicata/contracts';
import { resultsFixture } from './results-fixture.ts';
import { builtinSectionHtml } from './builtin-prose.ts';
import { scoreLinesOf } from '../mail/job-mail.ts';

/**
 * The fixture as a run whose RF and KNN were level on validation: the Brier score picked KNN, and the horizon check
 * recommended RF, which scored higher of the two as far ahead as the test years.
 */
function tieBrokenOverTheHorizon(): AutoMLResults {
  const results = resultsFixture();
  results.choice = {
    model: 'RF',
    modelValidationMacroF1: 0.7842,
    tieBreak: 'macro-F1 over the horizon (trained on the years up to 2009, scored on 2010-2012) among KNN and RF, level one year ahead',
    ensemble: { considered: true, chosen: false, bestMember: 'KNN', margin: 0.0012, standardError: 0.0081 },
    rules: { best: 'Persistence', validationMacroF1: 0.61, margin: 0.17, standardError: 0.04 },
    horizon: {
      years: [2010, 2011, 2012],
      trainedThrough: 2009,
      rows: 540,
      modelMacroF1: 0.7713,
      ruleMacroF1: 0.6502,
      standardError: 0.031,
      passed: true,
      compared: [
        { algorithm: 'KNN', modelMacroF1: 0.7391, standardError: 0.034, passed: true },
        { algorithm: 'RF', modelMacroF1: 0.7713, standardError: 0.031, passed: true },
      ],
      level: ['KNN', 'RF'],
    },
    recommended: 'RF',
  };
  return autoMLResultsSchema.parse(results);
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('a tie on validation broken over the horizon', () => {
  it('report and e-mail say which models were level and why the recommended one was preferred, in both languages', () => {
    const results = tieBrokenOverTheHorizon();
    const sentence =
      'RF and KNN were level on validation (within one standard error). RF is recommended because, trained on the years up to 2009 and scored on 2010-2012, as far ahead as the test years reach, it scored highest of them: KNN 0.739, RF 0.771.';
    expect(text(builtinSectionHtml(results, 'results', 'en'))).toContain(sentence);
    expect(scoreLinesOf(results)).toContain(sentence);
    const pt = 'RF e KNN ficaram empatados na validação (dentro de um erro-padrão). RF é recomendado porque, treinado nos anos até 2009 e avaliado em 2010-2012, tão à frente quanto os anos de teste, obteve o maior escore entre eles: KNN 0,739, RF 0,771.';
    expect(text(builtinSectionHtml(results, 'results', 'pt-BR'))).toContain(pt);
    expect(scoreLinesOf(results, 'pt-BR')).toContain(pt);
  });

  it('says nothing of a tie when the horizon check kept the one-step choice', () => {
    const results = tieBrokenOverTheHorizon();
    delete results.choice!.horizon!.level;
    expect(text(builtinSectionHtml(results, 'results', 'en'))).not.toContain('were level on validation');
    expect(scoreLinesOf(results).join('\n')).not.toContain('were level on validation');
  });
});
