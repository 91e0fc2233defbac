// @vitest-environment jsdom
// DOMPurify sanitises in jsdom as in a browser; under happy-dom (the web tests' default) it returns its input
// unchanged, so the app shows such HTML as text (lib/safe-html.ts) and these tests of the sanitised markup need jsdom.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { MESSAGES, type Question } from '@indicata/contracts';
import { renderRoutes } from '../../test/render.tsx';
import { serverEvents } from '../../lib/events.ts';
import QuestionsPanel from './QuestionsPanel.tsx';
import { sanitizeAnswer } from './sanitizeAnswer.ts';
import { FakeEventSource } from '../../test/fake-event-source.ts';


// jsdom has no canvas: the chart component stands in for ECharts here (the e2e suite draws the real one).
vi.mock('./AnswerChart.tsx', () => ({
  default: ({ visual }: { visual: Question['visual'] }) => <div role="img" aria-label={visual!.title} data-testid="question-answer-chart" data-points={visual!.series[0]!.values.length} />,
}));

function question(index: number, patch: Partial<Question> = {}): Question {
  return {
    id: `q${String(100 - index).padStart(19, '0')}`,
    database: 'WHO',
    status: 'answered',
    currentTime: '2026-01-02 10:11:12.123',
    data: { question: `Question ${index}?`, answer: `<p>Answer ${index}</p>` },
    provider: 'builtin',
    ...patch,
  };
}

function serve(initial: Question[]) {
  let list = [...initial];
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url: String(url) });
    if (method === 'DELETE') {
      const id = String(url).split('/').pop();
      list = list.filter((q) => q.id !== id);
      return new Response(null, { status: 204 });
    }
    return new Response(JSON.stringify({ questions: list }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

function renderPanel() {
  return renderRoutes(
    [
      { path: '/home', element: <QuestionsPanel /> },
      { path: '/questions', element: <p>new question page</p> },
    ],
    '/home',
  );
}

afterEach(() => {
  serverEvents.stop();
  vi.unstubAllGlobals();
});

describe('QuestionsPanel', () => {
  it('shows the loading text, then "No questions found." for an empty list', async () => {
    serve([]);
    renderPanel();
    expect(screen.getByText(MESSAGES.loadingQuestions)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.noQuestions)).toBeTruthy();
  });

  it('lists 3 per page with numbered pagination, badges with the tooltip name, and answers shown until hidden', async () => {
    serve([
      question(1, { database: '1700000000000_life_expectancy.csv' }),
      question(2, { status: 'pending', data: { question: 'Still thinking?', answer: '' }, provider: null }),
      question(3),
      question(4),
    ]);
    renderPanel();
    const items = await screen.findAllByTestId('question-item');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByTestId('question-badge').textContent).toContain('Other Database');
    expect(within(items[0]!).getByTestId('question-badge').getAttribute('title')).toBe('life_expectancy.csv');
    expect(within(items[2]!).getByTestId('question-badge').textContent).toContain('WHO');
    expect(within(items[0]!).getByTestId('question-answer').textContent).toContain('Answer 1');
    expect(within(items[1]!).getByTestId('question-answer').textContent).toContain('...');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Answers' }));
    expect(screen.queryByTestId('question-answer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View Answers' }));
    expect(within(items[0]!).getByTestId('question-answer').textContent).toContain('Answer 1');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    const second = await screen.findAllByTestId('question-item');
    expect(second).toHaveLength(1);
    expect(second[0].textContent).toContain('Question 4?');
  });

  it('says who answered in whole Portuguese sentences ("pelo analista", never "por o analista")', async () => {
    await i18next.changeLanguage('pt-BR');
    serve([question(1), question(2, { provider: 'openai' })]);
    renderPanel();
    const items = await screen.findAllByTestId('question-item');
    expect(screen.getByRole('button', { name: 'Ocultar Respostas' })).toBeTruthy();
    expect(items[0]!.textContent).toContain('Respondida pelo analista embutido (não é um modelo de linguagem)');
    expect(items[1]!.textContent).toContain('Respondida por um modelo de linguagem (servidor compatível com OpenAI)');
    expect(document.body.textContent).not.toContain('por o ');
  });

  it('shows an answer that arrives over SSE without pressing anything', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    serve([question(1, { status: 'pending', data: { question: 'Live?', answer: '' }, provider: null })]);
    renderPanel();
    serverEvents.start();
    await screen.findByText('Live?');
    expect(screen.getByTestId('question-answer').textContent).toContain('...');
    act(() => FakeEventSource.latest!.send({ type: 'question', data: question(1, { data: { question: 'Live?', answer: '<p>Here it is</p>' } }) }));
    await waitFor(() => expect(screen.getByTestId('question-answer').textContent).toContain('Here it is'));
  });

  it('deletes after confirmation and goes to /questions when the last one is gone', async () => {
    const calls = serve([question(1)]);
    const { router } = renderPanel();
    fireEvent.click(await screen.findByTestId('question-delete'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/questions'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith(question(1).id))).toBe(true);
    expect(await screen.findByText(MESSAGES.questionRemoved)).toBeTruthy();
  });

  it('renders the question as text and the answer without scripts, handlers, links or remote resources', async () => {
    serve([
      question(1, {
        data: {
          question: '<img src=x onerror="window.__pwned=1">',
          answer: '```html\n**Bold** <script>window.__pwned=2</script><img src="https://evil.example/x.png" onerror="window.__pwned=3"><a href="https://evil.example">link</a><p style="background:url(https://evil.example/y)" onclick="window.__pwned=4">text</p>\n```',
        },
      }),
    ]);
    renderPanel();
    expect((await screen.findByTestId('question-text')).textContent).toContain('<img src=x onerror="window.__pwned=1">');
    const answer = screen.getByTestId('question-answer-html');
    expect(answer.querySelector('script, img, a, [style], [onclick], [onerror]')).toBeNull();
    expect(answer.innerHTML).not.toMatch(/```|\*\*|evil\.example/);
    expect(answer.textContent).toContain('Bold');
    expect(answer.textContent).toContain('text');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});

describe('answers with a table and a chart', () => {
  it('shows the short answer, its table and the chart beside it', async () => {
    serve([
      question(1, {
        data: { question: 'Trend?', answer: '<p>Life expectancy went from 66.38 in 2000 to 71.79 in 2016.</p><table><thead><tr><th>Year</th><th>Mean</th></tr></thead><tbody><tr><td>2000</td><td>66.38</td></tr></tbody></table>' },
        visual: { type: 'line', title: 'Life expectancy (all countries)', categories: ['2000', '2016'], series: [{ name: 'Mean', values: [66.38, 71.79] }] },
      }),
    ]);
    renderPanel();
    const answer = await screen.findByTestId('question-answer-html');
    expect(answer.querySelector('p')!.textContent).toBe('Life expectancy went from 66.38 in 2000 to 71.79 in 2016.');
    expect(answer.querySelectorAll('table tbody tr')).toHaveLength(1);
    // The chart's chunk (ECharts) loads lazily.
    const chart = await screen.findByTestId('question-answer-chart', {}, { timeout: 15_000 });
    expect(chart.getAttribute('aria-label')).toBe('Life expectancy (all countries)');
    expect(chart.getAttribute('data-points')).toBe('2');
    expect(screen.getByText('Life expectancy (all countries)')).toBeTruthy();
  }, 30_000);
});

describe('answerChartOption', () => {
  it('draws years as a line and many or long categories as horizontal bars', async () => {
    const { answerChartOption } = await import('./answerChartOption.ts');
    const line = answerChartOption({ type: 'line', title: 't', categories: ['2000', '2001'], series: [{ name: 'Mean', values: [1, 2] }] }) as { xAxis: { type: string }; series: { type: string; data: number[] }[] };
    expect(line.xAxis.type).toBe('category');
    expect(line.series[0]).toMatchObject({ type: 'line', data: [1, 2] });
    const bars = answerChartOption({ type: 'bar', title: 't', categories: ['Healthy life expectancy (HALE) at birth (years)', 'Physicians'], series: [{ name: 'ρ', values: [0.9, 0.5] }] }) as { xAxis: { type: string }; yAxis: { type: string; inverse: boolean } };
    expect(bars.xAxis.type).toBe('value');
    expect(bars.yAxis).toMatchObject({ type: 'category', inverse: true });
  });

  it('writes the values on the axis and in the tooltip in the format it is given', async () => {
    const { answerChartOption } = await import('./answerChartOption.ts');
    const comma = (value: number) => String(value).replace('.', ',');
    type Option = { yAxis: { axisLabel: { formatter: (v: number) => string } }; tooltip: { valueFormatter: (v: unknown) => string } };
    const line = answerChartOption({ type: 'line', title: 't', categories: ['2000'], series: [{ name: 'Mean', values: [1.5] }] }, comma) as unknown as Option;
    expect(line.yAxis.axisLabel.formatter(1.5)).toBe('1,5');
    expect(line.tooltip.valueFormatter(1.5)).toBe('1,5');
    expect(line.tooltip.valueFormatter(null)).toBe('-');
  });
});

describe('sanitizeAnswer', () => {
  it('strips fences and bold markers and keeps simple markup', () => {
    expect(sanitizeAnswer('```\n**Hi** <ul><li>a</li></ul>\n```')).toBe('Hi <ul><li>a</li></ul>\n');
    const cleaned = sanitizeAnswer('<svg onload=alert(1)><p>x</p></svg><iframe src="//evil"></iframe>');
    expect(cleaned).not.toMatch(/svg|onload|iframe|evil/);
  });
});
