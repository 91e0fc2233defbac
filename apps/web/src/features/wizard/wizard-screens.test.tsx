import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoutes } from '../../test/render.tsx';
import i18next from 'i18next';
import AddDataPage from '../../pages/AddDataPage.tsx';
import AttributeSelectionPage from '../../pages/AttributeSelectionPage.tsx';
import DiscretizationPage from '../../pages/DiscretizationPage.tsx';
import SelectPreprocessingStepPage from '../../pages/SelectPreprocessingStepPage.tsx';
import ConfigureAutoMLTab from './ConfigureAutoMLTab.tsx';
import { getWizardState, reloadWizardFromStorage, resetWizard, updateWizard, withWho, applyWizard } from './state.ts';

/** Answers the API calls these screens make, by path. */
function serveApi(answers: Record<string, unknown>) {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = String(url).split('?')[0];
    const body = answers[path] ?? {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

beforeEach(() => {
  resetWizard();
  serveApi({
    '/api/who/status': { available: false, indicators: 0, countries: 0, observations: 0, source: null, updatedAt: null, howToFill: 'npm run who:import', vintages: [] },
    '/api/questions': { questions: [] },
    '/api/who/indicator-labels': { A: 'Alpha', B: 'Beta', C: 'Gamma' },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  reloadWizardFromStorage();
});

const routes = [
  { path: '/home', element: <ConfigureAutoMLTab /> },
  { path: '/selectpreprocessingstep', element: <SelectPreprocessingStepPage /> },
  { path: '/discretizacao', element: <DiscretizationPage /> },
  { path: '/selecao', element: <AttributeSelectionPage /> },
  { path: '/adddata', element: <AddDataPage /> },
];

describe('Configure AutoML tab', () => {
  it('shows Use WHO Data as unavailable with the server explanation when the catalog is empty', async () => {
    renderRoutes(routes, '/home');
    expect(await screen.findByText('The WHO catalog is empty on this server.')).toBeTruthy();
    expect(screen.getByText(/npm run who:import/)).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Use WHO Data' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('turning Auto off empties the steps, and Import Steps adds without duplicates', async () => {
    const { router } = renderRoutes(routes, '/home');
    const section = await screen.findByRole('region', { name: 'Step 2 Preprocessing' });
    expect((within(section).getByRole('button', { name: 'Add Step' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(section).getByRole('switch', { name: 'Auto: Step 2 Preprocessing' }));
    expect(getWizardState().preprocessingSteps).toEqual([]);
    expect(within(section).getByText(/No preprocessing step added/)).toBeTruthy();

    for (const steps of [['MissingData', 'Outliers'], ['Outliers', 'Sampling']]) {
      fireEvent.click(within(await screen.findByRole('region', { name: 'Step 2 Preprocessing' })).getByRole('button', { name: 'Add Step' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/selectpreprocessingstep'));
      for (const step of steps) fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`^${step} \\(`) }));
      fireEvent.click(screen.getByRole('button', { name: 'Import Steps' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    }
    const after = await screen.findByRole('region', { name: 'Step 2 Preprocessing' });
    expect(within(after).getAllByTestId(/^item-/).map((e) => e.dataset.testid)).toEqual(['item-MissingData', 'item-Outliers', 'item-Sampling']);
    fireEvent.click(within(after).getByRole('button', { name: 'Disable: Outliers' }));
    expect(getWizardState().preprocessingSteps).toEqual(['MissingData', 'Sampling']);
  }, 30_000);

  it('says once, on the name field, that a name is too long, and Run AutoML asks nothing and sends nothing', async () => {
    applyWizard(withWho);
    updateWizard({ name: 'n'.repeat(250), targetCode: 'WHOSIS_000001', targetYear: '2015', targetRegion: 'Europe', groupsCategorization: 3 });
    renderRoutes(routes, '/home');
    const message = 'The name has 250 characters; at most 200 are allowed. Shorten it to run the request.';
    const field = await screen.findByTestId('job-name');
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByTestId('run-automl'));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(screen.queryByText(/Too big/)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Attribute Discretization page', () => {
  it('hides an attribute chosen in one entry from the other entries', async () => {
    applyWizard(withWho);
    updateWizard({ targetCode: 'C' });
    renderRoutes(routes, '/discretizacao');
    fireEvent.click(await screen.findByRole('button', { name: 'Add attribute' }));
    /** The options of one entry's indicator select (its listbox, named by aria-controls). */
    const optionElements = (entry: number) => {
      const input = screen.getByRole('textbox', { name: `Indicator: Attribute ${entry}` });
      const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
      return listbox ? within(listbox).queryAllByRole('option', { hidden: true }) : [];
    };
    const options = (entry: number) => optionElements(entry).map((o) => o.textContent);
    fireEvent.click(screen.getByRole('textbox', { name: 'Indicator: Attribute 1' }));
    await waitFor(() => expect(options(1)).toEqual(['A - Alpha', 'B - Beta']));
    // The target (C) is never offered.
    fireEvent.click(optionElements(1).find((o) => o.textContent === 'A - Alpha')!);
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Indicator: Attribute 1' }) as HTMLInputElement).value).toBe('A - Alpha'));
    fireEvent.click(screen.getByRole('textbox', { name: 'Indicator: Attribute 2' }));
    await waitFor(() => expect(options(2)).toEqual(['B - Beta']));
    // The entry that chose A still offers it (and B).
    fireEvent.click(screen.getByRole('textbox', { name: 'Indicator: Attribute 1' }));
    await waitFor(() => expect(options(1)).toEqual(['A - Alpha', 'B - Beta']));
  }, 30_000);
});

describe('Attribute Selection page', () => {
  it('refuses a minimum information gain above what the target\'s classes allow, and a Pearson cut of 0', async () => {
    applyWizard(withWho);
    updateWizard({ targetCode: 'C', groupsCategorization: 3 });
    const before = structuredClone(getWizardState().params);
    renderRoutes(routes, '/selecao');
    // Each rule starts disabled ("Disable" pressed): enable both, then type values no indicator can pass.
    fireEvent.click(await screen.findByRole('button', { name: 'Disable: Minimum information gain' }));
    fireEvent.click(screen.getByRole('button', { name: 'Disable: Pearson correlation cut' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Customize: Minimum information gain' }), { target: { value: '1.6' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Customize: Pearson correlation cut' }), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Configurations' }));
    expect(await screen.findByText('At most 1.585 bits with 3 target classes: no indicator can have more information gain.')).toBeTruthy();
    expect(screen.getByText('Enter a number above 0 and at most 1.')).toBeTruthy();
    // Nothing is saved.
    expect(getWizardState().params).toEqual(before);
  }, 30_000);
});

describe('Confirm submission screen', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('is titled "Confirmar envio" with an "Enviar" button in Portuguese', async () => {
    await i18next.changeLanguage('pt-BR');
    renderRoutes(routes, '/adddata');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmar envio' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeTruthy();
    expect(screen.getByText('Nenhuma solicitação enviada por esta tela ainda.')).toBeTruthy();
  });

  it('names the sent request its results belong to, while the name field is already the next request\'s', async () => {
    serveApi({ '/api/jobs/job-1': { job: { id: 'job-1', name: 'Europe 2015', status: 'pending', results: null } } });
    updateWizard({ lastJobId: 'job-1', name: '' });
    renderRoutes(routes, '/adddata');
    expect((await screen.findByTestId('request-results-name')).textContent).toBe('Europe 2015');
  });
});
