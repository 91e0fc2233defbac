// @vitest-environment jsdom
// The report's HTML is sanitised by DOMPurify, which works in jsdom as in a browser (see ResultDetail.test.tsx).
import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { REPORT_SECTION_KEYS, isRuleAlgorithm, type AutoMLResults, type JobListItem } from '@indicata/contracts';
import type { JobReport, ReportLocale } from '@indicata/contracts/report';
import { renderRoutes } from '../../test/render.tsx';
import ResultsPage from '../../pages/ResultsPage.tsx';
import { ENGINE_FIXTURE_SOURCE, loadEngineResults } from './test/engineFixture.mjs';

// jsdom has no canvas: the charts stand in empty here (the e2e suite draws the real ones); their words are tested in
// charts/options.test.ts.
vi.mock('./charts/Charts.tsx', () => ({ ConfusionHeatmap: () => null, CorrelationHeatmap: () => null, FeatureImportanceBars: () => null, ScoresChart: () => null }));
vi.mock('./charts/WorldMap.tsx', () => ({ WorldMap: () => null }));

/**
 * The first screen of a result: the verdict directly under the header, in the reader's language, and one story about
 * validation on the whole page, whether the run was validated on later years or on random folds of a single year.
 */

// A real engine run (cached in the OS temp directory); skipped with a message when the shared data is absent.
let engine: AutoMLResults | null = null;
beforeAll(() => {
  engine = loadEngineResults();
  if (!engine) console.warn(`Result story tests skipped: ${ENGINE_FIXTURE_SOURCE} is absent`);
}, 600_000);

const RULES = ['Persistence', 'Majority'];

/** The engine run as it is: validated on forward-chaining folds of later years. */
function forwardChainingRun(r: AutoMLResults): AutoMLResults {
  return { ...r, split: { ...r.split, folds: r.split.folds.map((fold, i) => ({ ...fold, validationYears: fold.validationYears.length ? fold.validationYears : [r.split.trainYears[i + 1] ?? 0] })) } };
}

/**
 * The same run as the engine writes it when the training rows cover a single year: random folds (no validation years),
 * no rules among the candidates (they need earlier years), its warning, and a model recommended.
 */
function randomFoldRun(r: AutoMLResults): AutoMLResults {
  const year = r.split.trainYears[r.split.trainYears.length - 1] ?? 2013;
  const model = r.choice?.model && !isRuleAlgorithm(r.choice.model) ? r.choice.model : (Object.keys(r.models).find((name) => !RULES.includes(name)) as AutoMLResults['best']);
  const models = Object.fromEntries(Object.entries(r.models).filter(([name]) => !RULES.includes(name))) as AutoMLResults['models'];
  return {
    ...r,
    best: model,
    bestReason: `${model}: the highest pooled validation macro-F1 on the random validation folds (pooled macro-F1 0.9555); test scores played no part in the choice.`,
    models,
    summary: r.summary.filter((row) => !RULES.includes(row.Algorithm)),
    resultados: r.resultados.filter((row) => !RULES.includes(row.Algorithm)),
    split: { ...r.split, trainYears: [year], folds: Array.from({ length: 5 }, () => ({ validationYears: [], trainRows: 136, validationRows: 34 })) },
    baselines: r.baselines.map(({ validation: _validation, ...baseline }) => baseline),
    cvGap: { algorithm: model, forwardChaining: 0.91, randomKFold: 0.92, gap: 0.01, folds: 5 },
    choice: r.choice ? { ...r.choice, model, rules: null, horizon: null, recommended: model } : undefined,
    targetHistory: { mode: 'auto', used: false, description: 'Offered to the search; validation preferred the indicators alone for the chosen model.' },
    warnings: ['The training rows cover a single time value, so validation used seeded stratified random folds instead of forward chaining.', ...r.warnings],
  };
}

const job: JobListItem = {
  id: 'abcdefghij0123456789',
  name: 'Life expectancy',
  currentTime: '2026-11-27 09:00:00.000',
  createdAt: new Date(2026, 10, 27, 9, 0).toISOString(),
  status: 'done',
  database: 'WHO',
  progress: null,
  errorMessage: null,
};

/** A report of one provider and language; its prose names its language so the test can tell which is shown. */
function reportOf(locale: ReportLocale, provider: 'builtin' | 'openai'): JobReport {
  const prose = locale === 'pt-BR' ? 'Relatório em português.' : 'Report in English.';
  return {
    locale,
    generatedAt: '2026-11-27T09:00:00.000Z',
    provider: provider === 'builtin' ? { kind: 'builtin', label: 'built-in analyst' } : { kind: 'openai', label: 'gpt-4o-mini at api.openai.com' },
    notice: null,
    dataSource: null,
    sections: REPORT_SECTION_KEYS.map((key) => ({ key, title: `${key} (${locale})`, html: `<p>${prose}</p>`, provider, fallbackReason: null, unverifiedNumbers: [] })),
  };
}

/** Serves the job and the server's built-in report in the language asked for; returns the URLs asked for. */
function serve(results: AutoMLResults, report: JobReport | null): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(String(url));
    const locale = /\/report\?locale=([\w-]+)/.exec(String(url))?.[1] as ReportLocale | undefined;
    const body = locale ? { report: reportOf(locale, 'builtin') } : { job: { ...job, data: { database: 'WHO' }, results, report } };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** The whole result page renders in seconds in jsdom (every table's rows), longer than findBy's default wait. */
const SLOW = { timeout: 15_000 };

const renderDetail = () => renderRoutes([{ path: '/results', element: <ResultsPage /> }], `/results?id=${job.id}`);

/** Whether `a` comes before `b` in the document. */
const before = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

describe('the verdict comes first', { timeout: 60_000 }, () => {
  it.each(['en', 'pt-BR'] as const)('stands directly under the header, before the configuration, the report and the tables (%s)', async (language) => {
    if (!engine) return;
    await i18next.changeLanguage(language);
    serve(engine, reportOf(language, 'builtin'));
    renderDetail();
    const verdict = await screen.findByTestId('verdict', {}, SLOW);
    const detail = screen.getByTestId('result-detail');
    // The spec's header stays: heading, then the Name / Request Date / Status box; the verdict is the next thing.
    const header = screen.getByText(language === 'en' ? 'Request Date' : 'Data da solicitação').closest('.mantine-Paper-root') as Element;
    expect(header.nextElementSibling).toBe(verdict);
    expect(before(document.querySelector('h1') as Element, verdict)).toBe(true);
    const configuration = screen.getByText(language === 'en' ? 'AutoML Configurations' : 'Configurações do AutoML');
    expect(before(verdict, configuration)).toBe(true);
    expect(before(verdict, await screen.findByTestId('report', {}, SLOW))).toBe(true);
    expect(before(verdict, screen.getByTestId('final-results'))).toBe(true);
    expect(detail.contains(verdict)).toBe(true);
    // The verdict speaks the reader's language, its split sentence included (never the engine's English description).
    expect(verdict.querySelector('#verdict-title')?.textContent).toBe(language === 'en' ? 'Verdict' : 'Veredito');
    expect(screen.getByTestId('verdict-split').textContent).toMatch(language === 'en' ? /^(Trained|Tested) on / : /^(Treino|Teste) n/);
    expect(verdict.textContent).not.toContain(engine.split.description);
    // Its numbers carry the reader's decimal mark.
    expect(screen.getByTestId('verdict-scores').textContent).toMatch(language === 'en' ? /macro-F1 \d\.\d\d \(/ : /macro-F1 \d,\d\d \(/);
  });
});

describe('the report follows the reader\'s language', { timeout: 60_000 }, () => {
  it("shows the built-in analyst's report in Portuguese after the interface switched to Portuguese", async () => {
    if (!engine) return;
    await i18next.changeLanguage('pt-BR');
    const calls = serve(engine, reportOf('en', 'builtin'));
    renderDetail();
    expect(await screen.findAllByText('Relatório em português.', {}, SLOW)).toHaveLength(REPORT_SECTION_KEYS.length);
    expect(calls.some((url) => url.endsWith(`/api/jobs/${job.id}/report?locale=pt-BR`))).toBe(true);
    expect(screen.getByTestId('report-language').textContent).toBe('Idioma do relatório: Português (Brasil)');
    expect(screen.queryByText('Report in English.')).toBeNull();
  });

  it("keeps a language model's report in its language, says so, and has the built-in one a click away", async () => {
    if (!engine) return;
    await i18next.changeLanguage('pt-BR');
    serve(engine, reportOf('en', 'openai'));
    renderDetail();
    expect(await screen.findAllByText('Report in English.', {}, SLOW)).toHaveLength(REPORT_SECTION_KEYS.length);
    expect(screen.getByTestId('report-kept-language').textContent).toBe('Um modelo de linguagem escreveu este relatório em Inglês; ele fica no idioma em que foi escrito.');
    fireEvent.click(screen.getByText('Mostrar o relatório do analista embutido em Português (Brasil)'));
    expect(await screen.findAllByText('Relatório em português.', {}, SLOW)).toHaveLength(REPORT_SECTION_KEYS.length);
    fireEvent.click(await screen.findByText('Mostrar o relatório do modelo de linguagem (Inglês)', {}, SLOW));
    expect(await screen.findAllByText('Report in English.', {}, SLOW)).toHaveLength(REPORT_SECTION_KEYS.length);
  });
});

/** Everything the page says once every section and the "?" dialog are open. */
async function wholePage(results: AutoMLResults, language: 'en' | 'pt-BR'): Promise<string> {
  await i18next.changeLanguage(language);
  serve(results, null);
  renderDetail();
  await screen.findByTestId('verdict', {}, SLOW);
  fireEvent.click(screen.getByTestId('toggle-all-sections'));
  // A plain selector: role and label queries compute every control's labels, seconds in jsdom on a page with this
  // many tables.
  const help = document.querySelector(`button[aria-label="${language === 'en' ? 'How to read the results' : 'Como ler os resultados'}"]`);
  expect(help).not.toBeNull();
  fireEvent.click(help as Element);
  await screen.findByText(language === 'en' ? /^Verdict: the chosen model/ : /^Veredito: o modelo escolhido/, {}, SLOW);
  return document.body.textContent ?? '';
}

describe('one story per page', { timeout: 60_000 }, () => {
  it.each(['en', 'pt-BR'] as const)('a run validated on random folds never speaks of forward chaining or earlier years (%s)', async (language) => {
    if (!engine) return;
    const text = await wholePage(randomFoldRun(engine), language);
    if (language === 'en') {
      expect(text).toContain('so validation could not respect time: the models were compared on 5 seeded stratified random folds');
      expect(text).toContain('random folds of the single training year');
      for (const contradiction of [/forward[- ]chaining/i, /folds of years before/i, /Validation (that )?respect(s|ed) time/, /every fold is scored on years after/]) expect(text).not.toMatch(contradiction);
    } else {
      expect(text).toContain('a validação não pôde respeitar o tempo: os modelos foram comparados em 5 dobras aleatórias estratificadas');
      for (const contradiction of [/cadeia temporal/i, /dobras de anos anteriores/i, /A validação (que )?respe(ita|itou) o tempo/, /cada dobra é avaliada em anos posteriores/]) expect(text).not.toMatch(contradiction);
      // No engine sentence in English among the Portuguese ones.
      expect(text).not.toContain('The training rows cover a single time value');
    }
  });

  it.each(['en', 'pt-BR'] as const)('a run validated on later years never speaks of random folds of one year (%s)', async (language) => {
    if (!engine) return;
    const text = await wholePage(forwardChainingRun(engine), language);
    if (language === 'en') {
      expect(text).toContain('Validation respected time:');
      expect(text).toContain('folds of years before the test years');
      expect(text).not.toMatch(/stratified random folds|single training year|cover a single year/);
    } else {
      expect(text).toContain('A validação respeitou o tempo:');
      expect(text).not.toMatch(/dobras aleatórias|único ano de treino|cobrem um único ano/);
    }
  });
});
