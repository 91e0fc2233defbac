import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  WIZARD_STORAGE_KEY,
  chooseUpload,
  chooseWho,
  claimWizardFor,
  getWizardState,
  initialWizardState,
  parseStoredWizard,
  reloadWizardFromStorage,
  resetWizard,
  updateWizard,
  useWizard,
  withoutSource,
} from './state.ts';
import { clearSessionHints, saveSessionHints } from '../../lib/session-hints.ts';

afterEach(() => {
  window.localStorage.clear();
  reloadWizardFromStorage();
});

describe('wizard state persistence', () => {
  it('starts with everything automatic and nothing chosen', () => {
    const state = getWizardState();
    expect(state.preprocessingAuto).toBe(true);
    expect(state.preprocessingSteps).toEqual(['MissingData', 'Outliers', 'AttributeSelection', 'Discretization', 'Sampling']);
    expect(state.models).toEqual(['ANN', 'KNN', 'SVM', 'DT', 'RF']);
    expect(Object.values(state.modelAuto).every(Boolean)).toBe(true);
    expect(state.database).toBe('');
  });

  it('writes every change under the versioned key and reads it back after a reload', () => {
    updateWizard({ name: 'Life expectancy 2015', testPercent: '20' });
    const stored = JSON.parse(window.localStorage.getItem(WIZARD_STORAGE_KEY) ?? '{}');
    expect(stored.name).toBe('Life expectancy 2015');
    reloadWizardFromStorage();
    expect(getWizardState().name).toBe('Life expectancy 2015');
    expect(getWizardState().testPercent).toBe('20');
  });

  it('resets instead of crashing on a corrupt or outdated stored value', () => {
    expect(parseStoredWizard('{not json')).toEqual(initialWizardState());
    expect(parseStoredWizard(JSON.stringify({ name: 3 }))).toEqual(initialWizardState());
    const wrongStep = { ...initialWizardState(), preprocessingSteps: ['Nonsense'] };
    expect(parseStoredWizard(JSON.stringify(wrongStep))).toEqual(initialWizardState());
    window.localStorage.setItem(WIZARD_STORAGE_KEY, '"just a string"');
    reloadWizardFromStorage();
    expect(getWizardState()).toEqual(initialWizardState());
  });

  it("belongs to one user: on a shared browser the next user to sign in never gets the first one's upload", () => {
    saveSessionHints({ id: 'user-a', email: 'a@example.org' });
    claimWizardFor('user-a');
    chooseUpload({ uploadId: 'upload-of-a', database: '1795988621711_acsv', fileName: 'a.csv', regionDimension: 'regionName', timeDimension: 'year' });
    updateWizard({ name: 'A request' });
    expect(getWizardState().userId).toBe('user-a');
    // A signs out and in again, even after a reload: nothing is lost.
    clearSessionHints();
    reloadWizardFromStorage();
    saveSessionHints({ id: 'user-a', email: 'a@example.org' });
    claimWizardFor('user-a');
    expect(getWizardState()).toMatchObject({ uploadId: 'upload-of-a', name: 'A request', userId: 'user-a' });
    // A page seen signed out after a reload reads a fresh copy; A's sign-in then gets the stored request back.
    clearSessionHints();
    reloadWizardFromStorage();
    expect(getWizardState().uploadId).toBeNull();
    saveSessionHints({ id: 'user-a', email: 'a@example.org' });
    claimWizardFor('user-a');
    expect(getWizardState()).toMatchObject({ uploadId: 'upload-of-a', name: 'A request', userId: 'user-a' });
    // B signs in on the same browser: a fresh request of B's own.
    clearSessionHints();
    saveSessionHints({ id: 'user-b', email: 'b@example.org' });
    claimWizardFor('user-b');
    expect(getWizardState()).toEqual(initialWizardState('user-b'));
    expect(window.localStorage.getItem(WIZARD_STORAGE_KEY)).toBeNull();
    updateWizard({ name: 'B request' });
    expect(JSON.parse(window.localStorage.getItem(WIZARD_STORAGE_KEY) ?? '{}')).toMatchObject({ uploadId: null, userId: 'user-b' });
    // Starting a new request keeps its owner.
    resetWizard();
    expect(getWizardState().userId).toBe('user-b');
  });

  it("loads only the signed-in user's stored request, and gives a request of unknown owner away at the next sign-in", () => {
    window.localStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ ...initialWizardState('user-a'), uploadId: 'upload-of-a' }));
    saveSessionHints({ id: 'user-b', email: 'b@example.org' });
    reloadWizardFromStorage();
    expect(getWizardState()).toEqual(initialWizardState('user-b'));
    // Kept before requests had an owner: the user signed in on load keeps it, a sign-in starts afresh.
    const legacy = { ...initialWizardState(), uploadId: 'upload-of-someone' } as Record<string, unknown>;
    delete legacy.userId;
    window.localStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(legacy));
    reloadWizardFromStorage();
    expect(getWizardState()).toMatchObject({ uploadId: 'upload-of-someone', userId: 'user-b' });
    window.localStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(legacy));
    reloadWizardFromStorage();
    claimWizardFor('user-c');
    expect(getWizardState()).toEqual(initialWizardState('user-c'));
  });

  it('useWizard re-renders on update and reset', () => {
    const { result, unmount } = renderHook(() => useWizard());
    act(() => result.current.update({ name: 'abc' }));
    expect(result.current.state.name).toBe('abc');
    act(() => result.current.reset());
    expect(result.current.state.name).toBe('');
    act(() => resetWizard());
    expect(result.current.state).toEqual(initialWizardState());
    unmount();
  });
});

describe('data source', () => {
  const upload = { uploadId: 'u1', database: '1700000000_life.csv', regionDimension: 'Country', timeDimension: 'Year', fileName: 'life.csv' };

  it('choosing WHO sets year and regionName and forgets an upload', () => {
    chooseUpload(upload);
    updateWizard({ targetCode: 'Life expectancy', indicatorsAnalyzingCode: ['GDP'] });
    chooseWho();
    const s = getWizardState();
    expect(s).toMatchObject({ useWho: true, database: 'WHO', uploadId: null, fileName: null, timeDimension: 'year', regionDimension: 'regionName' });
    expect(s.targetCode).toBe('');
    expect(s.indicatorsAnalyzingCode).toEqual([]);
  });

  it('choosing an upload replaces WHO and stores the file id and dimensions', () => {
    chooseWho();
    updateWizard({ targetCode: 'WHOSIS_000001' });
    chooseUpload(upload);
    const s = getWizardState();
    expect(s).toMatchObject({ useWho: false, database: upload.database, uploadId: 'u1', timeDimension: 'Year', regionDimension: 'Country' });
    expect(s.targetCode).toBe('');
  });

  it('choosing the same source again keeps the choices made for it', () => {
    chooseWho();
    updateWizard({ targetCode: 'WHOSIS_000001', indicatorsAnalyzingCode: ['A'] });
    chooseWho();
    expect(getWizardState().targetCode).toBe('WHOSIS_000001');
    expect(getWizardState().indicatorsAnalyzingCode).toEqual(['A']);
  });

  it('switching WHO off without a file leaves no database', () => {
    const s = withoutSource({ ...initialWizardState(), useWho: true, database: 'WHO', timeDimension: 'year', regionDimension: 'regionName' });
    expect(s.database).toBe('');
    expect(s.useWho).toBe(false);
  });
});
