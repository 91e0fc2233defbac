import type { AutoMLResults, ReportLocale } from '@indicata/contracts';
import { REPORT_SECTION_TITLES } from '@indicata/contracts';
import { htmlToText } from '../assistant/sanitize.ts';
import { jobFinishedMail, scoreLinesOf } from '../mail/job-mail.ts';
import { resultsFixture } from './results-fixture.ts';
import { builtinReport } from './write-report.ts';

/**
 * The built-in report and the e-mail tell the story of the validation the run used: a run whose training rows cover a
 * single year is validated on seeded stratified random folds, and then no sentence speaks of forward chaining or of
 * folds of earlier years; a run validated on later years never speaks of random folds of one year.
 */

/** The fixture as a forward-chaining run writes it. */
function forwardChainingRun(): AutoMLResults {
  const results = resultsFixture();
  results.bestReason = 'RF: the highest pooled validation macro-F1 on the forward-chaining validation folds (pooled macro-F1 0.7842); test scores played no part in the choice.';
  results.split.description = 'Training on the years before 2016 (all regions); testing on 2016.';
  results.targetHistory = { mode: 'auto', used: false, description: 'Offered to the search; validation preferred the indicators alone for the chosen model.' };
  return results;
}

/** The same run as the engine writes it when the training rows cover one year: random folds, and its warning. */
function randomFoldRun(): AutoMLResults {
  const results = forwardChainingRun();
  results.split = {
    ...results.split,
    trainYears: [2015],
    folds: Array.from({ length: 5 }, () => ({ validationYears: [], trainRows: 425, validationRows: 107 })),
  };
  results.bestReason = 'RF: the highest pooled validation macro-F1 on the random validation folds (pooled macro-F1 0.7842); test scores played no part in the choice.';
  results.warnings = ['The training rows cover a single time value, so validation used seeded stratified random folds instead of forward chaining.', ...results.warnings];
  // The engine still measures its random k-fold figure; with random folds there is no time-respecting one to compare.
  results.cvGap = { algorithm: 'RF', forwardChaining: 0.7842, randomKFold: 0.7901, gap: 0.0059, folds: 5 };
  return results;
}

/** Every sentence of the built-in report and of the e-mail, in one language. */
function everything(results: AutoMLResults, locale: ReportLocale): string {
  const report = builtinReport(results, locale);
  const mail = jobFinishedMail({ to: 'a@example.org', jobName: 'Life', link: 'http://localhost/results?id=x', status: 'done', scoreLines: scoreLinesOf(results, locale), locale });
  return [report.notice ?? '', ...report.sections.map((section) => `${section.title}\n${htmlToText(section.html)}`), mail.subject, mail.text].join('\n');
}

const FORWARD_ONLY: Record<ReportLocale, RegExp[]> = {
  en: [/forward[- ]chaining/i, /forward chaining/i, /folds of years before/i, /Validation respected time/],
  'pt-BR': [/cadeia temporal/i, /dobras de anos anteriores/i, /A validação respeitou o tempo/],
};
const RANDOM_ONLY: Record<ReportLocale, RegExp[]> = {
  en: [/random folds/i, /single (training )?year/i],
  'pt-BR': [/dobras aleatórias/i, /único ano/i],
};

describe.each(['en', 'pt-BR'] as const)('one story in the built-in report and the e-mail (%s)', (locale) => {
  it('a run validated on random folds says so, and never speaks of forward chaining or of earlier years', () => {
    const text = everything(randomFoldRun(), locale);
    for (const contradiction of FORWARD_ONLY[locale]) expect(text).not.toMatch(contradiction);
    for (const said of RANDOM_ONLY[locale]) expect(text).toMatch(said);
    // Its CV gap compares two random figures: it is not reported as the time-respecting one.
    expect(text).not.toContain(locale === 'en' ? 'random cross-validation 0.790' : 'validação cruzada aleatória 0,790');
  });

  it('a run validated on later years says so, and never speaks of random folds of one year', () => {
    const text = everything(forwardChainingRun(), locale);
    for (const contradiction of RANDOM_ONLY[locale]) expect(text).not.toMatch(contradiction);
    expect(text).toMatch(FORWARD_ONLY[locale][locale === 'en' ? 3 : 2]!);
    expect(text).toContain(locale === 'en' ? 'random cross-validation 0.863' : 'validação cruzada aleatória 0,863');
  });
});

describe("the built-in report in the reader's language", () => {
  it('is wholly Portuguese in pt-BR: titles, the split from its fields, the baselines and the known warnings', () => {
    const results = randomFoldRun();
    results.warnings = [...results.warnings, 'DT: the time budget stopped the search after 39 of 40 candidates (17 scored on every fold); a rerun with another machine load may evaluate a different number.'];
    const report = builtinReport(results, 'pt-BR');
    expect(report.locale).toBe('pt-BR');
    expect(report.sections.map((section) => section.title)).toEqual(Object.values(REPORT_SECTION_TITLES['pt-BR']));
    const text = report.sections.map((section) => htmlToText(section.html)).join('\n');
    expect(text).toContain('Treino nos anos antes de 2016 (2015, 532 linhas, todas as regiões); teste em 2016 (50 linhas).');
    expect(text).toContain('DT: o tempo disponível interrompeu a busca após 39 de 40 candidatos (17 com todas as dobras avaliadas)');
    expect(text).toContain('A referência da classe majoritária tem macro-F1');
    // No English sentence from the engine or the report's own words; an unknown engine warning is announced as English.
    for (const english of ['Training on the years', 'Split:', 'baseline', 'The training rows cover', 'the time budget stopped']) expect(text).not.toContain(english);
    expect(text).toContain('Nas palavras do motor (em inglês): The smallest class has only 6 test rows.');
  });

  it("the e-mail names the baselines in Portuguese, never by the results' English keys", () => {
    const lines = scoreLinesOf(forwardChainingRun(), 'pt-BR');
    expect(lines.some((line) => line.startsWith('Referência de persistência: macro-F1 de teste 0,6801'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/Linha de base|persistence|majority/);
  });

  it('is English in en, with the split said from its fields', () => {
    const text = builtinReport(forwardChainingRun(), 'en').sections.map((section) => htmlToText(section.html)).join('\n');
    expect(text).toContain('Trained on the years before 2016 (2000–2015, 532 rows, all regions); tested on 2016 (50 rows).');
    expect(text).toContain('Validation respected time: 3 folds, each trained on earlier years and scored on a later one (2013, 2014, 2015).');
  });
});
