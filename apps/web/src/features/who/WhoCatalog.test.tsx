import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { WHO_HOW_TO_FILL, type WhoIndicator, type WhoStatus } from '@indicata/contracts';
import { renderRoutes } from '../../test/render.tsx';
import { getWizardState, resetWizard } from '../wizard/state.ts';
import WhoCatalog from './WhoCatalog.tsx';

const status = (available: boolean): WhoStatus => ({
  available,
  indicators: available ? 2 : 0,
  countries: available ? 3 : 0,
  observations: available ? 10 : 0,
  source: available ? 'import:/data' : null,
  updatedAt: null,
  howToFill: available ? null : WHO_HOW_TO_FILL,
  vintages: available ? [{ kind: 'snapshot', vintage: '2018-07', importedAt: '2026-01-02T03:04:05.000Z' }] : [],
});

const indicators: WhoIndicator[] = [
  {
    code: 'WHOSIS_000001',
    indicator: 'Life expectancy at birth (years)',
    years: [2000, 2001, 2002],
    regions: ['Africa', 'Europe'],
    dimensions: ['SEX_BTSX', 'SEX_FMLE'],
    coverage: { countries: 3, years: 3, observations: 9, fill: 0.5 },
  },
  {
    code: 'WHS6_102',
    indicator: 'Hospital beds (per 10 000 population)',
    years: [2005, 2010],
    regions: ['Europe'],
    dimensions: [],
    coverage: { countries: 1, years: 2, observations: 2, fill: 0.333 },
  },
];

function serve(available: boolean) {
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.endsWith('/api/who/status') ? status(available) : url.endsWith('/api/who/indicators') ? { indicators } : null;
    return new Response(JSON.stringify(body), { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } });
  });
}

describe('WhoCatalog', () => {
  beforeEach(() => resetWizard());
  afterEach(() => vi.unstubAllGlobals());

  it('says how to fill an empty catalog', async () => {
    serve(false);
    renderRoutes([{ path: '/whoimport', element: <WhoCatalog /> }], '/whoimport');
    expect((await screen.findByTestId('who-unavailable')).textContent).toContain(WHO_HOW_TO_FILL);
  });

  it('lists, searches and stores the chosen indicators with "Use WHO Data"', async () => {
    serve(true);
    const { router } = renderRoutes(
      [
        { path: '/whoimport', element: <WhoCatalog /> },
        { path: '/home', element: <p>home</p> },
      ],
      '/whoimport',
    );
    expect(await screen.findByText('Life expectancy at birth (years)')).toBeTruthy();
    expect(screen.getByText('2000–2002')).toBeTruthy();
    expect(screen.getByText('2005, 2010')).toBeTruthy();
    expect(screen.getByTitle('SEX_FMLE').textContent).toBe('Female');
    expect(screen.getByText('3 countries, 3 years, 50% filled')).toBeTruthy();
    expect(screen.getByTestId('who-vintage').textContent).toBe('Data vintage: WHO GHO export of 2018-07');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search indicators' }), { target: { value: 'beds' } });
    expect(screen.queryByText('Life expectancy at birth (years)')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use WHS6_102' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use WHO Data' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(getWizardState()).toMatchObject({ useWho: true, database: 'WHO', indicatorsAnalyzingCode: ['WHS6_102'] });
  });

  it('titles indicators in Portuguese for a Portuguese reader, and still finds them by WHO\'s English words', async () => {
    serve(true);
    await i18next.changeLanguage('pt-BR');
    try {
      renderRoutes([{ path: '/whoimport', element: <WhoCatalog /> }], '/whoimport');
      expect(await screen.findByText('Expectativa de vida ao nascer (anos)')).toBeTruthy();
      expect(screen.queryByText('Life expectancy at birth (years)')).toBeNull();
      const search = screen.getByRole('searchbox');
      fireEvent.change(search, { target: { value: 'leitos' } });
      expect(screen.getByText('Leitos hospitalares (por 10 000 habitantes)')).toBeTruthy();
      expect(screen.queryByText('Expectativa de vida ao nascer (anos)')).toBeNull();
      fireEvent.change(search, { target: { value: 'life expectancy' } });
      expect(screen.getByText('Expectativa de vida ao nascer (anos)')).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
