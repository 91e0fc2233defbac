import { paginate } from './pagination.ts';

describe('pagination (20 rows a page)', () => {
  const rows = Array.from({ length: 45 }, (_, i) => i);

  it('cuts pages of 20 and counts them', () => {
    expect(paginate(rows, 1)).toMatchObject({ page: 1, pageCount: 3 });
    expect(paginate(rows, 1).rows).toHaveLength(20);
    expect(paginate(rows, 3).rows).toEqual([40, 41, 42, 43, 44]);
  });

  it('clamps the page into range', () => {
    expect(paginate(rows, 9).page).toBe(3);
    expect(paginate(rows, 0).page).toBe(1);
  });

  it('has one page when empty or exactly full', () => {
    expect(paginate([], 1)).toEqual({ rows: [], page: 1, pageCount: 1 });
    expect(paginate(rows.slice(0, 20), 1).pageCount).toBe(1);
    expect(paginate(rows.slice(0, 21), 1).pageCount).toBe(2);
  });
});
