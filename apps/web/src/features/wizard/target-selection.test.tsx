import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TargetClassPreviewRequest, TargetClassPreviewResponse } from '@indicata/contracts';
import { renderRoutes } from '../../test/render.tsx';
import TargetSelectionPage from '../../pages/TargetSelectionPage.tsx';
import { ALL_REGIONS, applyWizard, getWizardState, reloadWizardFromStorage, resetWizard, updateWizard, withWho } from './state.ts';

const YEARS = Array.from({ length: 17 }, (_, i) => 2000 + i);
const SPLIT = { trainYears: YEARS.slice(0, -1), testYears: [2016], trainRows: 5044, testRows: 194, testRegion: null };

/** Under-5 mortality as the issue found it: 3 equal-width groups leave the 2016 test 190 / 4 / 0 rows. */
const EQUAL_WIDTH: TargetClassPreviewResponse = {
  classes: [
    { index: 0, title: '2 - 111', min: 2, max: 111, count: 4488, train: 4298, test: 190 },
    { index: 1, title: '111 - 220', min: 111, max: 220, count: 681, train: 677, test: 4 },
    { index: 2, title: '220 - 329', min: 220, max: 329, count: 69, train: 69, test: 0 },
  ],
  unassigned: 0,
  missing: 0,
  rows: 5238,
  split: SPLIT,
};
const QUANTILE: TargetClassPreviewResponse = {
  ...EQUAL_WIDTH,
  classes: [
    { index: 0, title: '2 - 20', min: 2, max: 20, count: 1739, train: 1679, test: 60 },
    { index: 1, title: '20 - 60', min: 20, max: 60, count: 1752, train: 1690, test: 62 },
    { index: 2, title: '60 - 329', min: 60, max: 329, count: 1747, train: 1675, test: 72 },
  ],
};

/** Answers the indicator list and the class preview (by the discretization asked for); records the previews. */
function serveApi(preview: (request: TargetClassPreviewRequest) => TargetClassPreviewResponse, years = YEARS) {
  const asked: TargetClassPreviewRequest[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = String(url).split('?')[0];
    let body: unknown = {};
    if (path === '/api/who/indicators') {
      body = { indicators: [{ code: 'MORT', indicator: 'Under-five mortality rate', years, regions: ['Europe'], dimensions: [], coverage: { countries: 194, years: years.length, observations: 5238, fill: 0.9 } }] };
    } else if (path === '/api/preview/target-classes') {
      const request = JSON.parse(String(init?.body)) as TargetClassPreviewRequest;
      asked.push(request);
      body = preview(request);
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

const routes = [
  { path: '/targetselection', element: <TargetSelectionPage /> },
  { path: '/home', element: <p>home</p> },
];

beforeEach(() => {
  resetWizard();
  applyWizard(withWho);
  updateWizard({ targetCode: 'MORT', targetLabel: 'Under-five mortality rate', predictionMode: 'spatialTemporal', targetYear: '2016', targetRegion: ALL_REGIONS, groupsCategorization: 3, discretizationMethod: 'equal-width' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  reloadWizardFromStorage();
});

describe('Target Selection class preview', () => {
  it('shows each class in the training and test years, says which class the test cannot judge and why, and offers quantile groups', async () => {
    const asked = serveApi((request) => (request.discretization.mode === 'automatic' && request.discretization.method === 'quantile' ? QUANTILE : EQUAL_WIDTH));
    renderRoutes(routes, '/targetselection');
    const warnings = await screen.findByTestId('class-warnings');
    expect(asked[0].split).toEqual({ mode: 'year', year: 2016, region: null });
    expect(within(warnings).getByText('Rows of class "111 - 220" in the test years (2016): 4, fewer than 5. The result will say there is too little test data to trust its figures.')).toBeTruthy();
    expect(within(warnings).getByText(/^Class "220 - 329" has no rows in the test years \(2016\)/)).toBeTruthy();
    expect(screen.getByTestId('class-preview-split').textContent).toBe('Training on 2000-2015 (5044 rows); testing on 2016 (194 rows).');
    const rows = within(screen.getByTestId('class-preview')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(-2).map((cell) => cell.textContent))).toEqual([
      ['4298', '190'],
      ['677', '4'],
      ['69', '0'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Use 3 quantile groups (equal counts)' }));
    expect(await screen.findByText('20 - 60', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByTestId('class-warnings')).toBeNull();
    expect(asked.at(-1)?.discretization).toEqual({ mode: 'automatic', groups: 3, method: 'quantile' });
    expect(screen.queryByTestId('use-quantile')).toBeNull();
    // Nothing is saved until Import Target.
    expect(getWizardState().discretizationMethod).toBe('equal-width');
  });

  it('offers to keep a coded target\'s codes as its classes, and fills the manual table with one class per code', async () => {
    /** A target coded 1-3: equal-width groups title its classes by ranges; the codes kept are titled by themselves. */
    const coded = (request: TargetClassPreviewRequest): TargetClassPreviewResponse => {
      const classes =
        request.discretization.mode === 'manual'
          ? request.discretization.classes.map((c, index) => ({ index, title: c.title, min: c.min, max: c.max, count: 10, train: 8, test: 2 }))
          : EQUAL_WIDTH.classes.map((c, index) => ({ ...c, title: ['1 - 1.67', '1.67 - 2.33', '2.33 - 3'][index] }));
      return { ...EQUAL_WIDTH, classes, codes: [1, 2, 3] };
    };
    const asked = serveApi(coded);
    renderRoutes(routes, '/targetselection');
    const offer = await screen.findByTestId('target-codes');
    expect(offer.textContent).toContain('The target holds only the whole numbers 1, 2, 3.');
    fireEvent.click(within(offer).getByRole('button', { name: 'Keep the 3 codes as the classes' }));
    await waitFor(() => expect(asked.at(-1)?.discretization).toEqual({
      mode: 'manual',
      classes: [
        { title: '1', min: 0.5, max: 1.5 },
        { title: '2', min: 1.5, max: 2.5 },
        { title: '3', min: 2.5, max: 3.5 },
      ],
    }));
    expect(((await screen.findByRole('textbox', { name: 'Title 2' })) as HTMLInputElement).value).toBe('2');
    // Once the codes are the classes, the offer is gone.
    await waitFor(() => expect(screen.queryByTestId('target-codes')).toBeNull());
    expect(getWizardState().manualClasses).toBeNull();
  });

  it('picking the chosen number of groups again keeps it, and a new class count keeps the class rows typed so far', async () => {
    serveApi(() => EQUAL_WIDTH);
    renderRoutes(routes, '/targetselection');
    const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
    /** Opens a select and clicks one of its options (found through the listbox the input controls). */
    const pick = async (label: string, option: string) => {
      fireEvent.click(input(label));
      const listbox = () => document.getElementById(input(label).getAttribute('aria-controls') ?? '');
      await waitFor(() => expect(listbox()).toBeTruthy());
      const element = within(listbox()!).getAllByRole('option', { hidden: true }).find((o) => o.textContent === option);
      fireEvent.click(element!);
      // The choice is made once the list has closed.
      await waitFor(() => expect(listbox()).toBeNull());
    };
    await screen.findByRole('textbox', { name: 'Number of groups' });
    expect(input('Number of groups').value).toBe('3');
    await pick('Number of groups', '3');
    // Mantine's default would have cleared the field here, and Import Target would then ask for it.
    expect(input('Number of groups').value).toBe('3');

    fireEvent.click(screen.getByRole('radio', { name: 'Manual' }));
    await pick('Number of classes', '2');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Title 1' }), { target: { value: 'Low' } });
    fireEvent.change(input('Maximum 1'), { target: { value: '50' } });
    await pick('Number of classes', '3');
    expect(await screen.findByRole('textbox', { name: 'Title 3' })).toBeTruthy();
    expect(input('Title 1').value).toBe('Low');
    expect(input('Maximum 1').value).toBe('50');
    // Picking the same count again keeps the table.
    await pick('Number of classes', '3');
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: /^Title \d$/ })).toHaveLength(3));
    expect(input('Title 1').value).toBe('Low');
  });

  it('refuses to save a class no training row falls in, with the reason, and keeps the saved target', async () => {
    serveApi(() => ({ ...EQUAL_WIDTH, classes: EQUAL_WIDTH.classes.map((c, i) => (i === 2 ? { ...c, train: 0 } : c)) }));
    renderRoutes(routes, '/targetselection');
    expect(await screen.findByTestId('class-refusals')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import Target' }));
    expect(
      await screen.findByText(
        'This target cannot be imported as it is: Class "220 - 329" has no rows in the training years (2000-2015), so no model can learn it. Use quantile groups, fewer groups or other ranges.',
      ),
    ).toBeTruthy();
    expect(getWizardState().groupsCategorization).toBe(3);
    expect(screen.queryByText('Target imported.')).toBeNull();
  });

  it('refuses a test year of a target with values in that year only, on the year field', async () => {
    serveApi(() => ({ ...EQUAL_WIDTH, split: { ...SPLIT, trainYears: [], trainRows: 0 } }), [2016]);
    renderRoutes(routes, '/targetselection');
    const message = 'The target has values in 2016 only: no earlier year is left to train on. Choose a target with values in more than one year.';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByText(/No row before the test years \(2016\) has a value of the target/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Import Target' }));
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(1));
  });
});
