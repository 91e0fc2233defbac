import { describeWhoVintages } from './who.ts';

describe('describeWhoVintages', () => {
  const snapshot = { kind: 'snapshot', vintage: '2018-07', importedAt: '2026-01-02T03:04:05.000Z' } as const;
  const sync = { kind: 'sync', vintage: null, importedAt: '2026-03-04T10:00:00.000Z' } as const;
  const folder = { kind: 'import', vintage: null, importedAt: '2026-02-01T00:00:00.000Z' } as const;

  it('names the export month, the sync day and an import day, newest first', () => {
    expect(describeWhoVintages([snapshot])).toBe('WHO GHO export of 2018-07');
    expect(describeWhoVintages([snapshot, sync])).toBe('synced from the WHO API on 2026-03-04; WHO GHO export of 2018-07');
    expect(describeWhoVintages([folder])).toBe('WHO GHO export imported on 2026-02-01');
    expect(describeWhoVintages([])).toBe('');
  });

  it('speaks Portuguese too', () => {
    expect(describeWhoVintages([snapshot], 'pt-BR')).toBe('exportação do WHO GHO de 2018-07');
  });
});
