import { renderWithProviders, releaseQueryClients } from './render.tsx';
import { retryPolicies } from '../lib/api.ts';
import { OPERATION_RETRY } from '../lib/retry.ts';
import { useJob } from '../features/results/resultsApi.ts';

function JobProbe() {
  useJob('abcdefghij0123456789');
  return null;
}

describe('test render helpers', () => {
  it("cancel a query still retrying when its test ends, so it never calls the next test's fetch", async () => {
    retryPolicies.operation = { budgetMs: 5_000, baseDelayMs: 20, maxBackoffFactor: 1 };
    onTestFinished(() => void (retryPolicies.operation = OPERATION_RETRY));
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      throw new TypeError('offline');
    });
    const view = renderWithProviders(<JobProbe />);
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    view.unmount();
    await releaseQueryClients();
    const afterRelease = calls;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls).toBe(afterRelease);
  });
});
