import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MESSAGES, QUESTION_EVENT, questionListSchema, questionSchema, type Question, type ServerEvent } from '@indicata/contracts';
import { allDatabaseKinds, CSRF_ONLY, createTestServer, loginAsDemo, registerAndLogin, type SignedIn, type TestServer } from '../../../test/helpers/index.ts';
import { questions } from '../../db/schema/questions.ts';
import { whoCountries, whoIndicators, whoObservations } from '../../db/schema/who.ts';
import { LocalFileStorage } from '../../storage/local.ts';
import { createLanguageModelAssistant } from '../assistant/assistant.ts';
import { lastToolResult, startFakeOpenAIServer, type FakeOpenAIServer } from '../assistant/fake-openai-server.ts';
import { OpenAICompatibleModel } from '../assistant/openai-model.ts';
import { createUpload } from '../uploads/service.ts';
import { QuestionAnswerer, runningAnswerer } from './answerer.ts';
import { findQuestion, insertQuestion } from './service.ts';
import { initAssistant } from './init.ts';

async function seedWho(server: TestServer): Promise<void> {
  const { db } = server.ctx.database;
  await db.insert(whoIndicators).values([
    { code: 'LIFE', label: 'Life expectancy at birth (years)' },
    { code: 'DOCS', label: 'Medical doctors (per 10 000 population)' },
  ]);
  await db.insert(whoCountries).values([
    { code: 'BRA', name: 'Brazil', regionCode: 'AMR', regionName: 'Americas' },
    { code: 'CHL', name: 'Chile', regionCode: 'AMR', regionName: 'Americas' },
    { code: 'FRA', name: 'France', regionCode: 'EUR', regionName: 'Europe' },
  ]);
  const rows = [];
  for (const [i, country] of ['BRA', 'CHL', 'FRA'].entries()) {
    for (let year = 2010; year <= 2014; year++) {
      rows.push({ indicatorCode: 'LIFE', countryCode: country, year, value: 70 + i * 3 + (year - 2010) * 0.5 });
      if (year !== 2014) rows.push({ indicatorCode: 'DOCS', countryCode: country, year, value: 10 + i * 8 + (year - 2010) });
    }
  }
  await db.insert(whoObservations).values(rows);
}

describe.each(allDatabaseKinds())('questions API on $kind', ({ kind, skip, reason }) => {
  let server: TestServer;
  let alice: SignedIn;
  let bob: SignedIn;
  let filesDir: string;
  beforeAll(async () => {
    if (skip) return;
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'indicata-questions-files-'));
    server = await createTestServer(kind, { context: { storage: new LocalFileStorage(filesDir) } });
    await seedWho(server);
    alice = await registerAndLogin(server.app);
    bob = await registerAndLogin(server.app);
  });
  afterAll(async () => {
    await server?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const ask = (who: SignedIn | null, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: '/api/questions', headers: who ? who.headers : CSRF_ONLY, payload });
  const list = async (who: SignedIn) => questionListSchema.parse((await server.app.inject({ method: 'GET', url: '/api/questions', headers: who.headers })).json()).questions;

  describe.skipIf(skip)(skip ? `skipped: ${reason}` : 'rules, answers, ownership', () => {
    it("answers the spec's messages in the spec's order", async () => {
      const noDb = await ask(null, { database: '', question: '' });
      expect(noDb.statusCode).toBe(400);
      expect(noDb.json().error).toEqual({ code: 'questionNoDatabase', message: MESSAGES.questionNoDatabase });
      const anonymous = await ask(null, { database: 'WHO', question: 'Hello?' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error).toEqual({ code: 'questionNotLoggedIn', message: MESSAGES.questionNotLoggedIn });
      const blank = await ask(alice, { database: 'WHO', question: '  \n ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error).toEqual({ code: 'questionBlank', message: MESSAGES.questionBlank });
      expect(await list(alice)).toEqual([]);
      const demo = await loginAsDemo(server.app);
      const fromDemo = await ask(demo, { database: 'WHO', question: 'Hello?' });
      expect(fromDemo.statusCode).toBe(403);
      expect(fromDemo.json().error.code).toBe('read_only_demo');
    });

    it('stores a pending question, answers it in the background with the built-in analyst and pushes it over SSE', async () => {
      const events: ServerEvent[] = [];
      const unsubscribe = server.ctx.events.subscribe(alice.user.id, (e) => events.push(e));
      const response = await ask(alice, { database: 'WHO', question: 'Which indicators have missing values?' });
      expect(response.statusCode).toBe(201);
      const created = questionSchema.parse(response.json().question);
      expect(created.id).toMatch(/^[-0-9A-Za-z_]{20}$/);
      expect(created.currentTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
      expect(created).toMatchObject({ database: 'WHO', status: 'pending', data: { question: 'Which indicators have missing values?', answer: '' } });
      await runningAnswerer(server.ctx)!.idle();
      const [answered] = await list(alice);
      // On PostgreSQL the events travel by LISTEN/NOTIFY, so 'answered' may arrive a moment after the row says so.
      const pushedStatuses = () => events.filter((e) => e.type === QUESTION_EVENT).map((e) => (e.data as Question).status);
      await vi.waitFor(() => expect(pushedStatuses()).toContain('answered'), { timeout: 10_000, interval: 20 });
      unsubscribe();
      expect(answered!.status).toBe('answered');
      expect(answered!.provider).toBe('builtin');
      expect(answered!.data.answer).toContain('not written by a language model');
      // Computed: DOCS misses 3 of the 15 country-years, LIFE none; a short answer, then the table and a chart.
      expect(answered!.data.answer).toMatch(/^<p>Medical doctors \(per 10 000 population\) misses the most values: 3 of 15 rows \(20\.0%\) of the chosen data\.<\/p><table>/);
      expect(answered!.data.answer).not.toMatch(/countryName|regionName/);
      expect(answered!.visual).toMatchObject({ type: 'bar', categories: ['Medical doctors (per 10 000 population)', 'Life expectancy at birth (years)'], series: [{ values: [20, 0] }] });
      const pushed = events.filter((e) => e.type === QUESTION_EVENT).map((e) => e.data as Question);
      expect(pushed.map((q) => q.status)).toEqual(['pending', 'answered']);
      expect(pushed[1]!.data.answer).toBe(answered!.data.answer);
    });

    it('grounds correlations in the wizard target', async () => {
      await ask(alice, { database: 'WHO', question: 'What correlates with the target?', target: 'LIFE' });
      await runningAnswerer(server.ctx)!.idle();
      const [latest] = await list(alice);
      expect(latest!.data.answer).toMatch(/^<p>Medical doctors \(per 10 000 population\) relates most to the target Life expectancy at birth \(years\): Spearman ρ = 1\.000, Pearson r = 0\.9\d\d over 12 rows\.<\/p>/);
    });

    it('answers in Portuguese about the chosen indicators only, with the chart stored beside the answer', async () => {
      await ask(alice, { database: 'WHO', question: 'Qual a tendência da expectativa de vida no Brasil?', target: 'LIFE', indicators: ['LIFE'], locale: 'pt-BR' });
      await ask(alice, { database: 'WHO', question: 'Quais indicadores têm mais valores ausentes?', target: 'LIFE', indicators: ['LIFE'], locale: 'pt-BR' });
      await runningAnswerer(server.ctx)!.idle();
      const [missing, trend] = await list(alice);
      // Brazil 2010-2014: 70, 70.5 ... 72; the mean over one country is its value.
      expect(trend!.data.answer).toMatch(/^<p>Life expectancy at birth \(years\) \(Brasil\) passou de 70 em 2010 para 72 em 2014, uma variação de \+2\.<\/p>/);
      expect(trend!.visual).toEqual({ type: 'line', title: 'Life expectancy at birth (years) (Brasil)', categories: ['2010', '2011', '2012', '2013', '2014'], series: [{ name: 'Valor', values: [70, 70.5, 71, 71.5, 72] }] });
      // DOCS was not chosen: only the target is in the data, so nothing else is missing.
      expect(missing!.data.answer).toContain('Nenhum indicador escolhido tem valores ausentes');
      expect(missing!.data.answer).not.toContain('Medical doctors');
    });

    it("answers about an upload from the uploaded file, and refuses someone else's upload", async () => {
      const csv = 'country;year;cases;beds\nA;2010;5;1\nA;2011;7;2\nB;2010;3;\nB;2011;9;4\n';
      const upload = await createUpload(server.ctx.database.db, server.ctx.storage!, { userId: alice.user.id, fileName: 'clinic data.csv', bytes: new TextEncoder().encode(csv), spatialColumn: 'country', temporalColumn: 'year' });
      await ask(alice, { database: upload.storedName, question: 'How complete is beds?' });
      await ask(bob, { database: upload.storedName, question: 'How complete is beds?' });
      await runningAnswerer(server.ctx)!.idle();
      const [mine] = await list(alice);
      expect(mine!.database).toBe(upload.storedName);
      expect(mine!.status).toBe('answered');
      expect(mine!.data.answer).toContain('beds misses 1 of 4 rows (25.0%) of the chosen data.');
      const [theirs] = await list(bob);
      expect(theirs!.status).toBe('error');
      expect(theirs!.data.answer).toContain('is not one of your uploads');
    });

    it('sanitises hostile markup in the question text and never runs it server-side', async () => {
      const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script> beds?';
      const response = await ask(alice, { database: 'WHO', question: hostile });
      expect(response.statusCode).toBe(201);
      await runningAnswerer(server.ctx)!.idle();
      const [latest] = await list(alice);
      // The question is stored as text (the web renders it as text); the answer HTML carries no markup of it.
      expect(latest!.data.question).toBe(hostile);
      expect(latest!.data.answer).not.toMatch(/<img|<script|onerror/);
    });

    it("lists only the caller's questions, newest first; deleting another user's id is 404 and deletes nothing", async () => {
      const mine = await list(alice);
      expect(mine.length).toBeGreaterThan(2);
      expect(mine.map((q) => q.id)).toEqual([...mine.map((q) => q.id)].sort().reverse());
      const bobs = await list(bob);
      expect(bobs.every((q) => !mine.some((m) => m.id === q.id))).toBe(true);
      const target = mine[0]!.id;
      const refused = await server.app.inject({ method: 'DELETE', url: `/api/questions/${target}`, headers: bob.headers });
      expect(refused.statusCode).toBe(404);
      expect(await list(alice)).toHaveLength(mine.length);
      const removed = await server.app.inject({ method: 'DELETE', url: `/api/questions/${target}`, headers: alice.headers });
      expect(removed.statusCode).toBe(204);
      expect((await list(alice)).map((q) => q.id)).not.toContain(target);
      const again = await server.app.inject({ method: 'DELETE', url: `/api/questions/${target}`, headers: alice.headers });
      expect(again.statusCode).toBe(404);
    });

    it('a restart re-answers the questions left pending', async () => {
      const { db } = server.ctx.database;
      const [row] = await db.select().from(questions).where(eq(questions.userId, alice.user.id)).limit(1);
      await db.update(questions).set({ status: 'pending', data: { question: row!.data.question, answer: '' }, provider: null }).where(eq(questions.id, row!.id));
      const fresh = new QuestionAnswerer(server.ctx, server.ctx.assistant!);
      expect(await fresh.recoverPending()).toBe(1);
      await fresh.idle();
      const [after] = await db.select().from(questions).where(eq(questions.id, row!.id));
      expect(after!.status).toBe('answered');
      expect(after!.data.answer).not.toBe('');
    });
  });
});

describe('questions answered by an OpenAI-compatible server (LLM_PROVIDER=openai)', () => {
  let server: TestServer;
  let fake: FakeOpenAIServer;
  let alice: SignedIn;
  beforeAll(async () => {
    // The model counts with a tool, then quotes the tool's number.
    fake = await startFakeOpenAIServer((request) => {
      const result = lastToolResult(request) as { places: number } | undefined;
      if (!result) return { kind: 'tool-calls', calls: [{ name: 'count_places', arguments: { indicator: 'life expectancy', year: 2012 } }] };
      return { kind: 'text', content: `**${result.places}** countries have life expectancy in 2012.<script>alert(1)</script><p onclick="x()">ok</p>` };
    });
    const assistant = createLanguageModelAssistant(new OpenAICompatibleModel({ baseUrl: fake.url, apiKey: 'k', model: 'fake', timeoutMs: 5_000, maxRetries: 0, maxTokens: 300 }));
    server = await createTestServer('pglite', { context: { assistant } });
    await seedWho(server);
    await initAssistant(server.ctx);
    alice = await registerAndLogin(server.app);
  });
  afterAll(async () => {
    await (server ? runningAnswerer(server.ctx) : undefined)?.stop();
    await server?.close();
    await fake?.close();
  });

  it('the model answers by calling the analyst as a tool; the answer is stored sanitised with its chart', async () => {
    const events: ServerEvent[] = [];
    const unsubscribe = server.ctx.events.subscribe(alice.user.id, (e) => events.push(e));
    const response = await server.app.inject({ method: 'POST', url: '/api/questions', headers: alice.headers, payload: { database: 'WHO', question: 'How many countries have life expectancy in 2012?' } });
    expect(response.statusCode).toBe(201);
    await runningAnswerer(server.ctx)!.idle();
    unsubscribe();
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.tools?.some((t) => t.function.name === 'count_places')).toBe(true);
    expect(fake.requests[0]!.messages[0]!.content).toContain('LIFE: Life expectancy at birth (years)');
    expect(lastToolResult(fake.requests[1]!)).toMatchObject({ indicator: { name: 'LIFE' }, year: 2012, places: 3, totalPlaces: 3 });
    const [answered] = questionListSchema.parse((await server.app.inject({ method: 'GET', url: '/api/questions', headers: alice.headers })).json()).questions;
    expect(answered!.provider).toBe('openai');
    expect(answered!.data.answer).toContain('3 countries have life expectancy in 2012.');
    expect(answered!.data.answer).not.toMatch(/<script|onclick|\*\*|Check before use/);
    expect(answered!.visual).toMatchObject({ type: 'bar', categories: ['Americas', 'Europe'], series: [{ values: [2, 1] }] });
    expect(events.at(-1)!.data).toMatchObject({ status: 'answered', provider: 'openai' });
  });

  it('stopping the server leaves a question the model is still answering pending, for the next start', async () => {
    fake.setResponder(() => ({ kind: 'hang' }));
    const { db } = server.ctx.database;
    const row = await insertQuestion(db, { userId: alice.user.id, database: 'WHO', question: 'Slow one?', target: null, locale: 'en' });
    const answerer = new QuestionAnswerer(server.ctx, server.ctx.assistant!);
    answerer.enqueue(row.id);
    const started = Date.now();
    while (fake.requests.length < 3 && Date.now() - started < 5_000) await new Promise((r) => setTimeout(r, 20));
    await answerer.stop();
    expect((await findQuestion(db, row.id))!.status).toBe('pending');
  });
});
