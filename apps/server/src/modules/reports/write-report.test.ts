import { afterEach, describe, expect, test } from 'vitest';
import { REPORT_SECTION_KEYS, REPORT_SECTION_TITLES, jobReportSchema } from '@indicata/contracts';
import { createBuiltinAssistant, createLanguageModelAssistant } from '../assistant/assistant.ts';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '../assistant/fake-openai-server.ts';
import { htmlToText } from '../assistant/sanitize.ts';
import { collectFacts, unsupportedNumbers } from '../assistant/number-check.ts';
import { OpenAICompatibleModel } from '../assistant/openai-model.ts';
import { resultsFixture } from './results-fixture.ts';
import { sectionFacts } from './facts.ts';
import { writeReport } from './write-report.ts';

let server: FakeOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const openaiAssistant = (url: string, timeoutMs = 5_000) =>
  createLanguageModelAssistant(new OpenAICompatibleModel({ baseUrl: url, apiKey: 'k', model: 'fake', timeoutMs, maxRetries: 0, maxTokens: 500 }));

/** Prose for every section that only quotes true numbers. */
const honestProse = {
  results: 'RF is the chosen model with a macro-F1 of 0.764 and an accuracy of 80%, well above the majority baseline at 0.21.',
  outliers: '4 training rows were removed and 1 test row was flagged; the bounds were 31.25 and 96.75.',
  correlation: 'GDP correlates with life expectancy (r = 0.61), and GDP with Doctors at 0.72.',
  features: 'GDP is the most informative indicator with an information gain of 0.44 and 3.2% missing values.',
  confusion: 'The High class is the hardest: 5 of 6 test rows were recognised.',
  detailed: 'In 2016 the Low class reached an F1 of 0.851.',
  hyperparameters: 'RF searched 24 of 30 candidates before the time budget ended, with 200 trees.',
  limitations: 'The smallest class has 42 training rows; missing values were filled with the training median; random cross-validation would add 0.079 to the score.',
};

describe('writeReport', () => {
  test("the built-in analyst names the chosen model once and counts single rows in the singular", async () => {
    const results = resultsFixture();
    // The engine's reason starts with the family ("RF: its finalist ..."), which the report's sentence already names.
    results.bestReason = 'RF: its finalist (the highest pooled validation macro-F1) beats the ensemble by more than one standard error.';
    const matrix = results.models.RF!.confusionMatrix.matrix.map((row) => row.map(() => 0));
    matrix.forEach((row, i) => (row[i] = 20));
    matrix[1]![0] = 1;
    results.models.RF!.confusionMatrix = { ...results.models.RF!.confusionMatrix, matrix };
    const text = async (locale: 'en' | 'pt-BR', key: string) =>
      htmlToText((await writeReport(results, { assistant: createBuiltinAssistant(), locale })).sections.find((s) => s.key === key)!.html);
    const summary = await text('en', 'results');
    expect(summary).toContain('The chosen model is RF: its finalist (the highest pooled validation macro-F1)');
    expect(summary).not.toContain('RF: RF:');
    expect(await text('en', 'confusion')).toMatch(/\(1 row\)\./);
    expect(await text('pt-BR', 'confusion')).toMatch(/\(1 linha\)\./);
  });

  test("counts the target's own history apart from the indicators, so 20 indicators never read as more than the 20 allowed", async () => {
    const results = resultsFixture();
    const indicators = results.usedIndicators.length;
    const history = ['previous known class', 'projected class'].map((suffix) => ({
      indicatorAnalyzingName: `${results.labels.target} (${suffix})`,
      missingDatasPercent: 0,
      ig: 0.01,
      pearson: null,
    }));
    results.usedIndicators = [...results.usedIndicators, ...history];
    const features = async (locale: 'en' | 'pt-BR') =>
      htmlToText((await writeReport(results, { assistant: createBuiltinAssistant(), locale })).sections.find((s) => s.key === 'features')!.html);
    expect(await features('en')).toContain(`${indicators} indicators were used, with 2 columns of the target's own history beside them, and 1 was left out.`);
    expect(await features('pt-BR')).toContain(`${indicators} indicadores foram usados, com 2 colunas do histórico do próprio alvo ao lado deles, e 1 ficou de fora.`);
  });

  test('the Portuguese report does not claim the highest validation score for a model chosen without it', async () => {
    const results = resultsFixture();
    const highest = Math.max(...Object.values(results.models).map((m) => m!.validationMacroF1 ?? 0));
    results.models.RF!.validationMacroF1 = highest - 0.001;
    results.models.KNN!.validationMacroF1 = highest;
    const pt = htmlToText((await writeReport(results, { assistant: createBuiltinAssistant(), locale: 'pt-BR' })).sections.find((s) => s.key === 'results')!.html);
    expect(pt).not.toContain('tem a maior macro-F1');
    expect(pt).toContain('outro candidato pontuou um pouco mais');
  });

  test('the built-in analyst writes every section, in English and in Portuguese', async () => {
    const results = resultsFixture();
    const report = jobReportSchema.parse(await writeReport(results, { assistant: createBuiltinAssistant() }));
    expect(report.sections.map((s) => s.key)).toEqual([...REPORT_SECTION_KEYS]);
    expect(report.sections.map((s) => s.title)).toEqual(['Results', 'Outliers', 'Correlation matrix', 'Features', 'Confusion matrices', 'Detailed results', 'Hyperparameters', 'Limitations']);
    expect(report.sections.every((s) => s.provider === 'builtin' && s.fallbackReason === null && s.html.length > 20)).toBe(true);
    expect(report.notice).toMatch(/not a language model/);
    const limitations = htmlToText(report.sections.find((s) => s.key === 'limitations')!.html);
    expect(limitations).toContain('310 training rows');
    expect(limitations).toContain('(High) 42');
    // With the median every gap is filled: no count of test rows "with missing values filled in" (the engine counts
    // them only with imputation off), but how they were filled.
    expect(limitations).toContain('A missing indicator value was filled with the training median; no row was dropped.');
    expect(limitations).not.toContain('7 of 50 test rows');
    const limitationsOf = async (r: ReturnType<typeof resultsFixture>) =>
      htmlToText((await writeReport(r, { assistant: createBuiltinAssistant() })).sections.find((s) => s.key === 'limitations')!.html);
    const empty = resultsFixture();
    empty.classes = empty.classes.map((c, i) => (i === 0 ? { ...c, testCount: 0 } : c));
    expect(await limitationsOf(empty)).toContain(`The test set has no row of ${empty.classes[0]!.title}, so the test says nothing about that class.`);
    const off = resultsFixture();
    off.preprocessing.missingData = { ...off.preprocessing.missingData, imputation: 'none', droppedTrainRows: 3 };
    expect(await limitationsOf(off)).toContain('Imputation was off: 3 training rows with a missing value were dropped, and 7 of 50 test rows (14.0%) had one, filled with the training median and flagged.');
    // The split is said from its fields, never the engine's English description.
    expect(limitations).toContain('Trained on the years before 2016 (2000–2015, 532 rows, all regions); tested on 2016 (50 rows).');
    expect(limitations).toContain('gap of 0.079');
    const pt = await writeReport(results, { assistant: createBuiltinAssistant(), locale: 'pt-BR' });
    expect(pt.sections.map((s) => s.title)).toEqual(REPORT_SECTION_KEYS.map((k) => REPORT_SECTION_TITLES['pt-BR'][k]));
    expect(pt.sections.map((s) => s.title).slice(0, 7)).toEqual(['Resultados', 'Outliers', 'Matrix de correlação', 'Features', 'Matrizes de Confusão', 'Detalhada dos resultados', 'hiperparâmetros']);
    // The prose is Portuguese throughout, numbers with a decimal comma, and the number check still accepts them.
    const ptResults = htmlToText(pt.sections.find((s) => s.key === 'results')!.html);
    expect(ptResults).toMatch(/O modelo escolhido é RF: tem a maior macro-F1 nas dobras de validação \(\d,\d{4}\)/);
    expect(ptResults).not.toMatch(/highest|validation|test scores/);
    const ptLimitations = htmlToText(pt.sections.find((s) => s.key === 'limitations')!.html);
    expect(ptLimitations).toContain('Um valor ausente de indicador recebeu a mediana do treino; nenhuma linha foi descartada.');
    expect(ptLimitations).toContain('Treino nos anos antes de 2016 (2000–2015, 532 linhas, todas as regiões); teste em 2016 (50 linhas).');
    const facts = collectFacts([REPORT_SECTION_KEYS.map((k) => sectionFacts(results, k)), results.summary, results.resultados, results.classes, results.split, results.preprocessing, results.baselines, results.cvGap]);
    for (const section of pt.sections) expect(unsupportedNumbers(htmlToText(section.html), facts), section.key).toEqual([]);
  });

  test("the built-in analyst's numbers all pass the number check (the checker accepts true numbers)", async () => {
    const results = resultsFixture();
    const report = await writeReport(results, { assistant: createBuiltinAssistant() });
    const facts = collectFacts([REPORT_SECTION_KEYS.map((k) => sectionFacts(results, k)), results.summary, results.resultados, results.classes, results.split, results.preprocessing, results.baselines, results.cvGap]);
    for (const section of report.sections) expect(unsupportedNumbers(htmlToText(section.html), facts), section.key).toEqual([]);
  });

  test('a language model writes the prose through a JSON schema; a section with an invented number falls back', async () => {
    const prose = { ...honestProse, features: 'GDP explains 93.7% of the variance.' , outliers: honestProse.outliers + ' <script>alert(1)</script><img src=x onerror=alert(2)>' };
    server = await startFakeOpenAIServer(() => ({ kind: 'text', content: JSON.stringify(prose) }));
    const report = jobReportSchema.parse(await writeReport(resultsFixture(), { assistant: openaiAssistant(server.url) }));
    const format = server.requests[0]!.response_format!;
    expect(format.type).toBe('json_schema');
    expect(Object.keys((format.json_schema!.schema as { properties: object }).properties)).toEqual([...REPORT_SECTION_KEYS]);
    expect(server.requests[0]!.messages[1]!.content).toContain('"bestAlgorithm":"RF"');
    const byKey = Object.fromEntries(report.sections.map((s) => [s.key, s]));
    for (const key of REPORT_SECTION_KEYS.filter((k) => k !== 'features')) {
      expect(byKey[key]!.provider, key).toBe('openai');
      expect(byKey[key]!.fallbackReason, key).toBeNull();
    }
    expect(byKey.results!.html).toContain('0.764');
    expect(byKey.features!.provider).toBe('builtin');
    expect(byKey.features!.fallbackReason).toBe('unverified-number');
    expect(byKey.features!.unverifiedNumbers).toEqual(['93.7%']);
    expect(byKey.features!.html).toContain('3 indicators were used');
    expect(byKey.outliers!.html).not.toMatch(/<script|<img|onerror/);
    expect(report.notice).toBeNull();
    expect(report.provider).toEqual({ kind: 'openai', label: expect.stringContaining('fake at 127.0.0.1') });
  });

  test('a model that is down or slow gives the built-in report with a notice, without throwing', async () => {
    server = await startFakeOpenAIServer(() => ({ kind: 'error', status: 500 }));
    const down = await writeReport(resultsFixture(), { assistant: openaiAssistant(server.url) });
    expect(down.sections).toHaveLength(REPORT_SECTION_KEYS.length);
    expect(down.sections.every((s) => s.provider === 'builtin' && s.fallbackReason === 'unavailable')).toBe(true);
    expect(down.notice).toMatch(/could not be reached/);

    server.setResponder(() => ({ kind: 'hang' }));
    const slow = await writeReport(resultsFixture(), { assistant: openaiAssistant(server.url, 300) });
    expect(slow.sections.every((s) => s.fallbackReason === 'timeout')).toBe(true);
    expect(slow.notice).toMatch(/did not answer in time/);

    server.setResponder(() => ({ kind: 'text', content: 'not json at all' }));
    const garbled = await writeReport(resultsFixture(), { assistant: openaiAssistant(server.url) });
    expect(garbled.sections.every((s) => s.fallbackReason === 'invalid-output')).toBe(true);
  });

  test('a missing or empty section falls back alone', async () => {
    const { detailed: _omitted, ...partial } = honestProse;
    server = await startFakeOpenAIServer(() => ({ kind: 'text', content: JSON.stringify({ ...partial, hyperparameters: '   ' }) }));
    const report = await writeReport(resultsFixture(), { assistant: openaiAssistant(server.url) });
    const reasons = Object.fromEntries(report.sections.map((s) => [s.key, s.fallbackReason]));
    expect(reasons.detailed).toBe('invalid-output');
    expect(reasons.hyperparameters).toBe('invalid-output');
    expect(reasons.results).toBeNull();
  });
});
