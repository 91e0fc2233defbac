import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { initI18n } from '../lib/i18n.ts';
import { setSignedOut } from '../lib/api.ts';
import { reloadWizardFromStorage } from '../features/wizard/state.ts';
import { releaseQueryClients } from './render.tsx';
import { chartLoadsSettled } from '../features/results/lazyCharts.tsx';

// jsdom lacks the layout APIs Mantine probes.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: vi.fn().mockImplementation((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
window.HTMLElement.prototype.scrollIntoView ??= () => {};

initI18n('en');

// No unit test reaches the network: a request no test stubbed (a retry that outlives its test, say) fails at once here
// instead of going out to 127.0.0.1:3000 (which printed ECONNREFUSED after its test had ended). vi.unstubAllGlobals()
// below restores this, the value fetch had before a test stubbed it.
globalThis.fetch = (() => Promise.reject(new TypeError('No network in unit tests: stub fetch in the test that needs it.'))) as typeof fetch;

// Test files share one module cache per worker (`isolate: false` in vitest.config.ts: it saves the jsdom and
// Mantine start-up per file), so each test leaves nothing global behind: no rendered tree, no stored state,
// no queued notification, no running query, no stubbed global, no wizard state or sign-out flag, and the English locale.
afterEach(async () => {
  cleanup();
  await releaseQueryClients();
  localStorage.clear();
  sessionStorage.clear();
  reloadWizardFromStorage();
  setSignedOut(false);
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (i18next.language !== 'en') await i18next.changeLanguage('en');
});

// A result page loads its charts lazily. Files share a worker (isolate: false), so a chart chunk a file started and did
// not wait for would finish loading after that file's DOM was torn down, and Vitest failed the next file with
// EnvironmentTeardownError (seen once in a fresh clone). Each file waits for them before it ends.
afterAll(chartLoadsSettled);
