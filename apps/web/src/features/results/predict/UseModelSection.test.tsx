import { fireEvent, screen, within } from '@testing-library/react';
import { CSRF_HEADER, PREDICT_MESSAGES, formatMessage, type AutoMLResults, type GapsResponse, type PredictResponse } from '@indicata/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UseModelSection } from './UseModelSection.tsx';
import { predictionsCsv } from './predictionCsv.ts';

// jsdom has no canvas: the chart itself is drawn and checked in e2e/predict.spec.ts; here it is its summary.
vi.mock('../charts/EChart.tsx', () => ({
  EChart: ({ summary, testId }: { summary: string; testId?: string }) => <div role="img" aria-label={summary} data-testid={testId} />,
}));

const JOB = 'abcdefghij0123456789';
/** The parts of a job's results the section reads: the chosen model, the trained families, the place labels. */
const results = {
  best: 'KNN',
  labels: { space: 'countryName', region: null, time: 'year', target: 'score' },
  models: { DT: { algorithm: 'DT' }, KNN: { algorithm: 'KNN' }, Ensemble: { algorithm: 'Ensemble' } },
} as unknown as AutoMLResults;

const classes = [
  { index: 0, title: 'Low', min: 0, max: 10 },
  { index: 1, title: 'High', min: 10, max: 20 },
];
/** 23 predicted country-years (two pages of 20) and one left out. */
const gaps: GapsResponse = {
  jobId: JOB,
  model: 'KNN',
  features: ['f1', 'f2'],
  classes,
  predictions: Array.from({ length: 23 }, (_, i) => ({
    row: i,
    space: `Country ${String(i).padStart(2, '0')}`,
    time: 2020,
    label: i % 2 ? 'High' : 'Low',
    classIndex: i % 2,
    probabilities: i % 2 ? [0.25, 0.75] : [0.9, 0.1],
    imputed: i === 0 ? 1 : 0,
    mostlyImputed: false,
    extrapolated: false,
  })),
  notPredicted: [{ row: 23, space: 'Atlantis', time: 2021, missing: 2, reason: formatMessage(PREDICT_MESSAGES.tooManyMissing, { missing: 2, total: 2, allowed: 1 }) }],
  target: 'score',
  missingTarget: 24,
  targetYears: { first: 2000, last: 2020 },
  beforeTargetYears: 0,
  panelRows: 400,
  observed: [
    { space: 'Brazil', time: 2019, classIndex: 1 },
    { space: 'Kenya', time: 2020, classIndex: 0 },
  ],
};

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Serves the API: each handler answers one path (status and JSON body). */
function serve(handler: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = { url: String(url), method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status, body } = handler(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

const render = (showMap = false) => renderWithProviders(<UseModelSection jobId={JOB} results={results} showMap={showMap} />);

afterEach(() => vi.unstubAllGlobals());

describe('predict missing values', { timeout: 30_000 }, () => {
  it("asks for the chosen model's gaps in the background once the page has settled, so the click shows them without another request", async () => {
    const calls = serve(() => ({ status: 200, body: gaps }));
    render();
    expect(calls).toHaveLength(0);
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toEqual([`/api/jobs/${JOB}/gaps?model=chosen`]), { timeout: 5_000 });
    fireEvent.click(screen.getByTestId('gaps-button'));
    expect(await screen.findByTestId('gaps-summary')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it("explains a gap filled on request: asks the server by place and year and shows the waterfall's numbers", async () => {
    const first = gaps.predictions[0]!;
    const explanation = { jobId: JOB, model: gaps.model, row: null, space: first.space, time: first.time, actual: null, predicted: first.label, probability: 0.9, inputs: 2, explanation: { expected: 0.6, contributions: [{ feature: 'f1', value: 0.25 }, { feature: 'f2', value: 0.05 }], method: 'sampled' } };
    const calls = serve((call) => ({ status: 200, body: call.url.includes('/explanations') ? explanation : gaps }));
    render();
    fireEvent.click(screen.getByTestId('gaps-button'));
    const table = await screen.findByTestId('gaps-result-predictions');
    fireEvent.click(within(table).getAllByRole('button', { name: new RegExp(`^Why ${gaps.model} predicted ${first.label} for ${first.space}, ${first.time}$`) })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    const rows = within(await within(dialog).findByTestId('explanation-table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Knowing no indicator0.600', 'f1+0.250', 'f2+0.050', `P(${first.label}) for this row0.900`]);
    expect(calls.at(-1)?.url).toBe(`/api/jobs/${JOB}/explanations?model=${gaps.model}&space=${encodeURIComponent(first.space as string)}&time=${first.time}`);
    expect(within(dialog).queryByText(/^Actual class/)).toBeNull();
  });

  it('predicts the gaps on request: summary, paginated table with probabilities and imputed counts, rows left out with the reason', async () => {
    const calls = serve(() => ({ status: 200, body: gaps }));
    render();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('gaps-button'));
    expect(await screen.findByTestId('gaps-summary')).toHaveProperty('textContent', '24 of 400 rows have no score value: 23 predicted, 1 not predicted.');
    expect(calls.map((c) => c.url)).toEqual([`/api/jobs/${JOB}/gaps?model=chosen`]);
    const table = screen.getByTestId('gaps-result-predictions');
    expect(within(table).getByText('Predictions (23)')).toBeTruthy();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['countryName', 'year', 'Predicted class', 'P(Low)', 'P(High)', 'Inputs filled in', 'Explanation']);
    const first = within(table).getAllByRole('row')[1];
    expect(within(first).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Country 00', '2020', 'Low', '0.900', '0.100', '1', 'Why?']);
    expect(within(table).getByText('Page 1 of 2')).toBeTruthy();
    const left = screen.getByTestId('gaps-result-not-predicted');
    expect(within(left).getByText("2 of the model's 2 indicators are missing; at most 1 may be filled in.")).toBeTruthy();
  });

  it('says when a recommended rule leaves rows out, and predicts them with the best model in one click', async () => {
    const ruleResults = { ...results, best: 'Trend', choice: { model: 'KNN' }, models: { ...results.models, Trend: { algorithm: 'Trend', predictions: [] } } } as unknown as AutoMLResults;
    const reason = formatMessage(PREDICT_MESSAGES.ruleWithoutHistory, { rule: 'Trend' });
    const ruleGaps = { ...gaps, model: 'Trend', predictions: [], notPredicted: [{ row: 0, space: 'Country 00', time: 2020, missing: 0, reason }] };
    const calls = serve((call) => ({ status: 200, body: call.url.endsWith('model=KNN') ? gaps : ruleGaps }));
    renderWithProviders(<UseModelSection jobId={JOB} results={ruleResults} showMap={false} />);
    fireEvent.click(screen.getByTestId('gaps-button'));
    const alert = await screen.findByTestId('gaps-rule-left-out');
    expect(alert.textContent).toMatch(/^Trend cannot predict 1 of these rows: their place has no earlier value of the target to carry forward\. KNN, the model the run ranked first/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Predict them with KNN' }));
    expect(await screen.findByText('Predictions (23)')).toBeTruthy();
    expect(calls.map((c) => c.url).at(-1)).toBe(`/api/jobs/${JOB}/gaps?model=KNN`);
    expect(screen.queryByTestId('gaps-rule-left-out')).toBeNull();
  });

  it('downloads the table as a semicolon CSV', async () => {
    serve(() => ({ status: 200, body: gaps }));
    const blobs: Blob[] = [];
    // Spies on the two methods, not a stand-in URL: the DOM's own navigation (the link's click) still needs the constructor.
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => (blobs.push(blob as Blob), 'blob:x'));
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    onTestFinished(() => {
      created.mockRestore();
      revoked.mockRestore();
    });
    render();
    fireEvent.click(screen.getByTestId('gaps-button'));
    fireEvent.click(await screen.findByTestId('gaps-result-csv'));
    expect(blobs).toHaveLength(1);
    const text = await blobs[0].text();
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('countryName;year;Predicted class;P(Low);P(High);Inputs filled in;Indicators missing;Reason');
    expect(lines[1]).toBe('Country 00;2020;Low;0.9;0.1;1;;');
    expect(lines).toHaveLength(25);
    // The reason holds the delimiter: quoted.
    expect(lines[24]).toBe(`Atlantis;2021;;;;;2;"2 of the model's 2 indicators are missing; at most 1 may be filled in."`);
  });

  it('shows observed and predicted classes on a world map with a year slider (WHO panels only)', { timeout: 60_000 }, async () => {
    const onMap = { ...gaps, predictions: [...gaps.predictions.slice(0, 2), { ...gaps.predictions[0], space: 'Brazil', time: 2021 }] };
    serve(() => ({ status: 200, body: onMap }));
    render(true);
    fireEvent.click(screen.getByTestId('gaps-button'));
    // The map loads ECharts and the world geometry as their own chunks.
    const map = await screen.findByTestId('gaps-map', {}, { timeout: 20_000 });
    // The latest year with a prediction first: Brazil predicted in 2021.
    expect(within(map).getByTestId('gaps-map-year').textContent).toBe('Year: 2021');
    expect((await within(map).findByTestId('chart-gaps-map', {}, { timeout: 20_000 })).getAttribute('aria-label')).toBe('2021: 0 countries with an observed class and 1 with a predicted one.');
    const slider = within(map).getByRole('slider', { name: 'Year of the map' });
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(within(map).getByTestId('gaps-map-year').textContent).toBe('Year: 2019');
    expect(within(map).getByTestId('chart-gaps-map').getAttribute('aria-label')).toBe('2019: 1 countries with an observed class and 0 with a predicted one.');
  });

  it('has no map without countries', async () => {
    serve(() => ({ status: 200, body: gaps }));
    render(false);
    fireEvent.click(screen.getByTestId('gaps-button'));
    await screen.findByTestId('gaps-summary');
    expect(screen.queryByTestId('gaps-map')).toBeNull();
  });

  it('says when no row has a missing target', async () => {
    serve(() => ({ status: 200, body: { ...gaps, predictions: [], notPredicted: [], missingTarget: 0 } }));
    render();
    fireEvent.click(screen.getByTestId('gaps-button'));
    expect((await screen.findByTestId('gaps-empty')).textContent).toBe("There are no rows with a missing target: every row of this job's data has its score value.");
    expect(screen.queryByTestId('gaps-result')).toBeNull();
  });

  it('shows the error of a failed request', async () => {
    serve(() => ({ status: 409, body: { error: { code: 'conflict', message: 'The imported database of this job no longer exists.' } } }));
    render();
    fireEvent.click(screen.getByTestId('gaps-button'));
    expect((await screen.findByTestId('gaps-error')).textContent).toBe('The prediction failed: The imported database of this job no longer exists.');
  });

  it('offers the chosen model, then the families and the ensemble the job trained', async () => {
    serve(() => ({ status: 200, body: gaps }));
    render();
    fireEvent.click(screen.getByTestId('gaps-model'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Chosen model (KNN)', 'KNN', 'DT', 'Ensemble']);
  });
});

describe('predict new rows', { timeout: 30_000 }, () => {
  const answer: PredictResponse = { jobId: JOB, model: 'KNN', features: ['f1', 'f2'], classes, predictions: gaps.predictions.slice(0, 2), notPredicted: [] };
  const openTab = () => fireEvent.click(screen.getByTestId('tab-new-rows'));

  it('sends pasted rows as CSV with the session CSRF header and shows the predictions', async () => {
    const calls = serve(() => ({ status: 200, body: answer }));
    render();
    openTab();
    const csv = 'countryName;year;f1;f2\nCountry 00;2020;1.5;2\nCountry 01;2020;3;4';
    fireEvent.change(screen.getByTestId('new-rows-paste'), { target: { value: csv } });
    fireEvent.click(screen.getByTestId('new-rows-button'));
    const table = await screen.findByTestId('new-rows-result-predictions');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: `/api/jobs/${JOB}/predict`, method: 'POST', body: { model: 'chosen', csv } });
    expect(Object.keys(calls[0].headers).map((h) => h.toLowerCase())).toContain(CSRF_HEADER.toLowerCase());
  });

  it('asks for explanations when the box is ticked and shows each row\'s largest contributions, signed', async () => {
    const explained = {
      ...answer,
      model: 'DT',
      predictions: answer.predictions.map((p) => ({ ...p, explanation: { expected: 0.5, contributions: [{ feature: 'f1', value: 0.31 }, { feature: 'f2', value: -0.04 }] } })),
    };
    const calls = serve(() => ({ status: 200, body: explained }));
    render();
    openTab();
    const csv = 'countryName;year;f1;f2\nCountry 00;2020;1.5;2';
    fireEvent.change(screen.getByTestId('new-rows-paste'), { target: { value: csv } });
    fireEvent.click(screen.getByTestId('new-rows-explain'));
    fireEvent.click(screen.getByTestId('new-rows-button'));
    const table = await screen.findByTestId('new-rows-result-predictions');
    expect(calls[0].body).toEqual({ model: 'chosen', csv, explain: true });
    expect(within(table).getByText('Inputs that moved it most')).toBeTruthy();
    expect(within(table).getAllByText('f1 +0.31; f2 −0.04')).toHaveLength(2);
    // Each explained row opens its waterfall's numbers: knowing no indicator, the listed inputs, the rest, the row's.
    fireEvent.click(within(table).getAllByRole('button', { name: /^Why DT predicted / })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    const rows = within(await within(dialog).findByTestId('explanation-table')).getAllByRole('row').slice(1);
    const first = explained.predictions[0]!;
    const probability = first.probabilities[first.classIndex]!;
    expect(rows.map((row) => row.textContent)).toEqual([
      'Knowing no indicator0.500',
      'f1+0.310',
      'f2−0.040',
      ...(Math.abs(probability - 0.77) > 1e-6 ? [`The other indicators${probability - 0.77 >= 0 ? '+' : '−'}${Math.abs(probability - 0.77).toFixed(3)}`] : []),
      `P(${first.label}) for this row${probability.toFixed(3)}`,
    ]);
  });

  it('marks in the explanation column an input the row lacked as filled in', async () => {
    const explained = { ...answer, model: 'DT', predictions: answer.predictions.slice(0, 1).map((p) => ({ ...p, explanation: { expected: 0.5, contributions: [{ feature: 'f1', value: 0.31, filled: true }, { feature: 'f2', value: -0.04 }] } })) };
    serve(() => ({ status: 200, body: explained }));
    render();
    openTab();
    fireEvent.change(screen.getByTestId('new-rows-paste'), { target: { value: 'countryName;year;f2\nCountry 00;2020;2' } });
    fireEvent.click(screen.getByTestId('new-rows-explain'));
    fireEvent.click(screen.getByTestId('new-rows-button'));
    const table = await screen.findByTestId('new-rows-result-predictions');
    expect(within(table).getByText('f1 (filled in) +0.31; f2 −0.04')).toBeTruthy();
  });

  it('says that a recommended persistence rule reads only the place and year, with a place as the data writes it', () => {
    serve(() => ({ status: 200, body: answer }));
    render();
    openTab();
    // A model is recommended: no such sentence.
    expect(screen.queryByTestId('new-rows-rule')).toBeNull();
    const ruleResults = { ...results, best: 'Persistence', models: { ...results.models, Persistence: { algorithm: 'Persistence', predictions: [{ space: 'BRA', time: 2015 }] } } } as unknown as AutoMLResults;
    renderWithProviders(<UseModelSection jobId={JOB} results={ruleResults} showMap={false} />);
    fireEvent.click(screen.getAllByTestId('tab-new-rows')[1] as HTMLElement);
    expect(screen.getByTestId('new-rows-rule').textContent).toBe(
      "The Persistence rule reads only each row's countryName and year: it looks up the place's earlier values of the target in this job's data, so write places as the data does (for example BRA). A place with no earlier value is not predicted; choose a model for it.",
    );
  });

  it("shows the API's list of missing training columns, and asks for rows before sending an empty form", async () => {
    const message = formatMessage(PREDICT_MESSAGES.missingColumns, { columns: 'f1, f2' });
    const calls = serve(() => ({ status: 400, body: { error: { code: 'invalid_argument', message } } }));
    render();
    openTab();
    fireEvent.click(screen.getByTestId('new-rows-button'));
    expect(await screen.findByTestId('new-rows-empty')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(screen.getByTestId('new-rows-paste'), { target: { value: 'countryName;year\nX;2020' } });
    fireEvent.click(screen.getByTestId('new-rows-button'));
    expect((await screen.findByTestId('new-rows-error')).textContent).toBe(`The prediction failed: ${message}`);
  });
});

describe('ONNX files', { timeout: 30_000 }, () => {
  it("links each family's file and shows the Python example", () => {
    serve(() => ({ status: 200, body: {} }));
    render();
    fireEvent.click(screen.getByTestId('tab-onnx'));
    expect(screen.getByTestId('onnx-DT').getAttribute('href')).toBe(`/api/jobs/${JOB}/onnx/DT`);
    expect(screen.getByTestId('onnx-Ensemble').textContent).toBe('Download modelEnsemble.onnx');
    // The recommended model (KNN here) is said so beside its link, and only it.
    expect(screen.getByTestId('onnx-KNN').closest('li')?.textContent).toBe('Download modelKNN.onnx (recommended)');
    expect(screen.getByTestId('onnx-DT').closest('li')?.textContent).toBe('Download modelDT.onnx');
    expect(screen.getByTestId('onnx-example').textContent).toContain('ort.InferenceSession("modelKNN.onnx")');
  });
});

describe('predictionsCsv', () => {
  it('quotes cells holding the delimiter and neutralises formulas', () => {
    const csv = predictionsCsv(
      { classes, predictions: [{ ...gaps.predictions[0], space: '=cmd;x' }], notPredicted: [] },
      { space: 's', time: 't', predicted: 'p', probability: (title) => `P(${title})`, imputed: 'i', missing: 'm', reason: 'r' },
    );
    expect(csv.split('\r\n')[1]).toBe(`"'=cmd;x";2020;Low;0.9;0.1;1;;`);
  });
});

describe('prediction sets from the API', { timeout: 30_000 }, () => {
  const withSets: GapsResponse = { ...gaps, predictions: gaps.predictions.map((p, i) => ({ ...p, set: i % 2 ? ['Low', 'High'] : ['Low'] })) };

  it('shows each row\'s set beside the predicted class, joined with "or"', async () => {
    serve(() => ({ status: 200, body: withSets }));
    render();
    fireEvent.click(screen.getByTestId('gaps-button'));
    await screen.findByTestId('gaps-summary');
    const table = screen.getByTestId('gaps-result-predictions');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['countryName', 'year', 'Predicted class', 'Prediction set', 'P(Low)', 'P(High)', 'Inputs filled in', 'Explanation']);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell')[3].textContent).toBe('Low');
    expect(within(rows[2]).getAllByRole('cell')[3].textContent).toBe('Low or High');
  });

  it('puts the set in the CSV when asked, blank for rows not predicted', () => {
    const csv = predictionsCsv(
      { classes, predictions: withSets.predictions.slice(0, 2), notPredicted: gaps.notPredicted },
      { space: 's', time: 't', predicted: 'p', set: { title: 'set', or: 'ou' }, probability: (title) => `P(${title})`, imputed: 'i', missing: 'm', reason: 'r' },
    ).split('\r\n');
    expect(csv[0]).toBe('s;t;p;set;P(Low);P(High);i;m;r');
    expect(csv[2]).toBe('Country 01;2020;High;Low ou High;0.25;0.75;0;;');
    expect(csv[3]).toMatch(/^Atlantis;2021;;;;;;2;/);
  });
});

describe('the target named', { timeout: 30_000 }, () => {
  it('says a WHO target by its name, not its code, in the summary and the notes', async () => {
    const who = { ...results, labels: { ...results.labels, target: 'MDG_0000000020' }, indicatorNames: { MDG_0000000020: 'Incidence of tuberculosis (per 100 000 population per year)' } } as unknown as AutoMLResults;
    const named: GapsResponse = { ...gaps, target: 'MDG_0000000020', beforeTargetYears: 12, predictions: gaps.predictions.map((p, i) => ({ ...p, extrapolated: i === 0 })) };
    serve(() => ({ status: 200, body: named }));
    renderWithProviders(<UseModelSection jobId={JOB} results={who} showMap={false} />);
    fireEvent.click(screen.getByTestId('gaps-button'));
    const tb = 'Incidence of tuberculosis (per 100 000 population per year)';
    expect((await screen.findByTestId('gaps-summary')).textContent).toBe(`24 of 400 rows have no ${tb} value: 23 predicted, 1 not predicted.`);
    expect(screen.getByTestId('gaps-before-years').textContent).toContain(`the first year with a value of ${tb}`);
    expect(screen.getByTestId('gaps-result-extrapolated').textContent).toContain(`the last year with a value of ${tb}`);
  });
});

describe('rows to read with care', { timeout: 30_000 }, () => {
  // Row 0: most indicators filled in; rows 1 and 2: a year after the target's last (2020).
  const marked: GapsResponse = {
    ...gaps,
    predictions: gaps.predictions.map((p, i) => ({ ...p, mostlyImputed: i === 0, extrapolated: i === 1 || i === 2, time: i === 1 || i === 2 ? 2021 : p.time })),
    beforeTargetYears: 190,
  };

  it('marks rows predicted mostly from filled-in inputs or after the last target year, each with one sentence, and says what was left out before the first', async () => {
    serve(() => ({ status: 200, body: marked }));
    render();
    fireEvent.click(screen.getByTestId('gaps-button'));
    expect((await screen.findByTestId('gaps-before-years')).textContent).toBe(
      '190 rows before 2000, the first year with a value of score, are not predicted: the model learned to predict a year from the ones before it, and would extrapolate backwards there.',
    );
    expect(screen.getByTestId('gaps-result-mostly-imputed').textContent).toMatch(/^1 of these predictions rest mostly on filled-in inputs \(column "Mostly imputed"\)/);
    expect(screen.getByTestId('gaps-result-extrapolated').textContent).toMatch(/^2 of these predictions are for years after 2020, the last year with a value of score/);
    const table = screen.getByTestId('gaps-result-predictions');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['countryName', 'year', 'Predicted class', 'P(Low)', 'P(High)', 'Inputs filled in', 'Mostly imputed', 'Extrapolated', 'Explanation']);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell').slice(-3, -1).map((c) => c.textContent)).toEqual(['yes', '']);
    expect(within(rows[2]).getAllByRole('cell').slice(-3, -1).map((c) => c.textContent)).toEqual(['', 'yes']);
  });

  it('has neither column nor sentence when no row is marked', async () => {
    serve(() => ({ status: 200, body: gaps }));
    render();
    fireEvent.click(screen.getByTestId('gaps-button'));
    await screen.findByTestId('gaps-summary');
    expect(screen.queryByTestId('gaps-result-mostly-imputed')).toBeNull();
    expect(screen.queryByTestId('gaps-result-extrapolated')).toBeNull();
    expect(screen.queryByTestId('gaps-before-years')).toBeNull();
  });

  it('puts the marks in the CSV when asked, blank for unmarked rows and rows not predicted', () => {
    const csv = predictionsCsv(
      { classes, predictions: marked.predictions.slice(0, 2), notPredicted: gaps.notPredicted },
      { space: 's', time: 't', predicted: 'p', probability: (title) => `P(${title})`, imputed: 'i', mostlyImputed: { title: 'mi', yes: 'y' }, extrapolated: { title: 'ex', yes: 'y' }, missing: 'm', reason: 'r' },
    ).split('\r\n');
    expect(csv[0]).toBe('s;t;p;P(Low);P(High);i;mi;ex;m;r');
    expect(csv[1]).toBe('Country 00;2020;Low;0.9;0.1;1;y;;;');
    expect(csv[2]).toBe('Country 01;2021;High;0.25;0.75;0;;y;;');
    expect(csv[3]).toMatch(/^Atlantis;2021;;;;;;;2;/);
  });
});
