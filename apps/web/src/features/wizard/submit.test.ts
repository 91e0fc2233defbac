import { describe, expect, it } from 'vitest';
import { prepareJob } from './submit.ts';
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
