import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../lib/i18n.ts';
import { JOB_LIMITS } from '@indicata/contracts';
import { newSubmissionKey, prepareJob, submitJob, SubmissionKeys } from './submit.ts';
import { initialWizardState, withWho, type WizardState } from './state.ts';
import { setModelsAuto } from './transitions.ts';

const ready = (): WizardState => ({
  ...withWho(initialWizardState()),
  name: '  Europe 2015 ',
  targetCode: 'WHOSIS_000001',
  targetYear: '2015',
  targetRegion: 'Europe',
  groupsCategorization: 3,
});

describe('prepareJob', () => {
  it('returns the first failing Run AutoML check', () => {
    expect(prepareJob(initialWizardState())).toEqual({ ok: false, message: 'noDatabase' });
    expect(prepareJob({ ...ready(), name: '' })).toEqual({ ok: false, message: 'noName' });
  });

  it('refuses a request whose models are all removed', () => {
    expect(prepareJob(setModelsAuto(ready(), false))).toEqual({ ok: false, noModels: true });
  });

  it('reports a value the schema refuses', () => {
    const prepared = prepareJob({ ...ready(), groupsCategorization: 500 });
    expect(prepared.ok).toBe(false);
    expect('detail' in prepared && prepared.detail).toMatch(/^data\.groupsCategorization: /);
  });

  it('builds the request with the trimmed name', () => {
    const prepared = prepareJob(ready());
    expect(prepared.ok).toBe(true);
    if (prepared.ok) {
      expect(prepared.request.name).toBe('Europe 2015');
      expect(prepared.request.data.codePredictionIndicator).toBe('WHOSIS_000001');
    }
  });
});

describe('a job name over the limit', () => {
  it('is reported as such, with its length and the limit, not as the schema\'s message', () => {
    const name = 'x'.repeat(JOB_LIMITS.nameMaxChars + 1);
    expect(prepareJob({ ...ready(), name })).toEqual({ ok: false, nameTooLong: { count: JOB_LIMITS.nameMaxChars + 1, max: JOB_LIMITS.nameMaxChars } });
    // Counted trimmed, as the server counts it.
    expect(prepareJob({ ...ready(), name: ` ${'x'.repeat(JOB_LIMITS.nameMaxChars)} ` }).ok).toBe(true);
  });
});

describe('submission keys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends one key for the same request until it is queued, and a new one for a changed or later request', () => {
    let n = 0;
    const keys = new SubmissionKeys(() => `key-${++n}`);
    const request = { name: 'a', data: { x: 1 } };
    expect(keys.keyFor(request)).toBe('key-1');
    expect(keys.keyFor({ ...request })).toBe('key-1');
    expect(keys.keyFor({ ...request, name: 'b' })).toBe('key-2');
    keys.queued();
    expect(keys.keyFor({ ...request, name: 'b' })).toBe('key-3');
  });

  it('draws 32 hex characters', () => {
    const key = newSubmissionKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newSubmissionKey()).not.toBe(key);
  });

  it('goes out as the Idempotency-Key header of POST /api/jobs', async () => {
    const sent: Headers[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response(JSON.stringify({ job: { id: 'j' } }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await submitJob({ name: 'a', data: {} }, 'key-0123456789abcdef');
    expect(sent[0].get('idempotency-key')).toBe('key-0123456789abcdef');
  });

  it("logs a failed submission once, in the reader's language (the spec's \"Erro ao adicionar os dados\")", async () => {
    initI18n();
    await i18next.changeLanguage('pt-BR');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'internal', message: 'boom' }), { status: 500, headers: { 'content-type': 'application/json' } }));
    try {
      await expect(submitJob({ name: 'a', data: {} }, 'key-0123456789abcdef')).rejects.toThrow();
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged.mock.calls[0]![0]).toBe('Erro ao adicionar os dados');
    } finally {
      logged.mockRestore();
      await i18next.changeLanguage('en');
    }
  });
});
