import type { JobReport } from '@indicata/contracts';
import { createMailer } from '../../src/modules/mail/mailer.ts';
import { createTestServer, registerAndLogin, type SignedIn, type TestServer } from '../helpers/index.ts';
import { uploadJobData, uploadPanel } from './fixtures.ts';
import { startSmtpSink } from './smtp-sink.ts';

/** The text of a quoted-printable UTF-8 MIME message (soft line breaks joined, =XX bytes decoded as UTF-8). */
function decodeQuotedPrintableUtf8(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A job submitted from the Portuguese interface: its report and its e-mail (over real SMTP) are in Portuguese.
 * PGlite only: the English run on both databases is job-run.test.ts.
 */
describe('a job submitted in pt-BR', () => {
  let server: TestServer;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let owner: SignedIn;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await createTestServer('pglite', { workers: true, config: {} });
    server.ctx.config.jobs.seedDemo = false;
    // The budget is a ceiling, not a duration: this small job ends in a few seconds, but Vitest runs other files beside
    // it, and 5 s on a saturated 2-core machine once ended with no model fitted (15 s once left a family out in job-run).
    server.ctx.config.jobs.budgetSeconds = 30;
    server.ctx.mailer = createMailer({ ...server.ctx.config.mail, smtpUrl: sink.url });
    owner = await registerAndLogin(server.app);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('stores its locale, writes a pt-BR report and mails in pt-BR', async () => {
    const upload = await uploadPanel(server.ctx, owner.user.id);
    const created = await server.app.inject({ method: 'POST', url: '/api/jobs', headers: owner.headers, payload: { name: 'Execução pt', data: uploadJobData(upload, { locale: 'pt-BR' }) } });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().job.id;
    const deadline = Date.now() + 170_000;
    let job: { status: string; errorMessage: string | null; report: JobReport; data: { locale: string } };
    for (;;) {
      job = (await server.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: owner.headers })).json().job;
      if (job.status === 'done' || job.status === 'error' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect({ status: job.status, errorMessage: job.errorMessage }).toEqual({ status: 'done', errorMessage: null });
    expect(job.data.locale).toBe('pt-BR');
    expect(job.report.locale).toBe('pt-BR');
    expect(job.report.notice).toBe('Escrito pelo analista embutido a partir dos resultados; não é um modelo de linguagem.');
    expect(job.report.sections.find((s) => s.key === 'correlation')!.title).toBe('Matrix de correlação');
    expect(job.report.sections.find((s) => s.key === 'results')!.html).toMatch(
      // A model, or the persistence rule when no model beats it on validation.
      /<p>(O modelo escolhido é \w+(: tem a maior macro-F1 nas dobras de validação|, com macro-F1 de \d,\d{4} nas dobras de validação: outro candidato)|A melhor regra aqui é manter a classe)/,
    );

    while (sink.messages.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(sink.messages).toHaveLength(1);
    const body = decodeQuotedPrintableUtf8(sink.messages[0]!.raw);
    expect(body).toMatch(/Subject: =\?UTF-8\?Q\?Indicata.*terminou|Subject: Indicata: .*terminou/);
    expect(body).toContain('Seu job de AutoML "Execução pt" terminou.');
    expect(body).toMatch(/macro-F1 de teste \d,\d{4}, acurácia \d+,\d{2}%/);
    expect(body).toContain(`Abra os resultados: ${server.ctx.config.publicUrl}/results?id=${id}`);
    expect(body).toContain('consulte um especialista antes de aplicá-lo');
    expect(body).not.toMatch(/has finished|Open the results/);
  }, 200_000);
});
