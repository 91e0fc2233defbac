import { databaseLabel, formatCell, formatJobDate, formatParams, formatPercent, formatSet } from './format.ts';
import { changeLanguage, initI18n } from '../../lib/i18n.ts';

describe('number formats (spec section 9)', () => {
  it('shows integers as they are and other numbers with 4 decimals', () => {
    expect(formatCell(42)).toBe('42');
    expect(formatCell(0)).toBe('0');
    expect(formatCell(-3)).toBe('-3');
    expect(formatCell(0.123456)).toBe('0.1235');
    expect(formatCell(2.5)).toBe('2.5000');
    expect(formatCell(1 / 3)).toBe('0.3333');
  });

  it("writes decimals with the reader's mark: a comma in Portuguese, as the report and the e-mail do", async () => {
    initI18n('en');
    await changeLanguage('pt-BR');
    try {
      expect(formatCell(0.123456)).toBe('0,1235');
      expect(formatCell(42)).toBe('42');
      expect(formatPercent(0.8512)).toBe('85,12%');
    } finally {
      await changeLanguage('en');
    }
    expect(formatCell(0.123456)).toBe('0.1235');
  });

  it('keeps text, leaves null empty and writes objects as key: value lists', () => {
    expect(formatCell('Low')).toBe('Low');
    expect(formatCell(null)).toBe('');
    expect(formatCell(undefined)).toBe('');
    expect(formatCell({ max_depth: 4, criterion: 'gini', min_impurity_decrease: 0.05 })).toBe(
      'max_depth: 4, criterion: gini, min_impurity_decrease: 0.0500',
    );
  });

  it('writes hyperparameters with None for null', () => {
    expect(formatParams({ max_depth: null, n_estimators: 100, max_samples: 0.75, bootstrap: true })).toBe(
      'max_depth: None, n_estimators: 100, max_samples: 0.7500, bootstrap: true',
    );
  });

  it('shows accuracy of the per-request table as a percentage with 2 decimals', () => {
    expect(formatPercent(0.87654)).toBe('87.65%');
    expect(formatPercent(1)).toBe('100.00%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(null)).toBe('');
  });
});

describe('dates (en-CA, 24-hour clock)', () => {
  it('lays out the stored local time as year-month-day hour:minute', () => {
    expect(formatJobDate('2024-03-07 23:05:09.123')).toBe('2024-03-07 23:05');
    expect(formatJobDate('2024-12-31 00:00:00.000')).toBe('2024-12-31 00:00');
  });

  it('shows an ISO time in the viewer time zone with a 24-hour clock', () => {
    const iso = '2024-03-07T21:45:00.000Z';
    const local = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
    expect(formatJobDate(iso)).toBe(expected);
    expect(formatJobDate(iso)).toMatch(/^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):\d{2}$/);
  });

  it('never writes midnight as 24:00', () => {
    const midnight = new Date(2024, 0, 2, 0, 7).toISOString();
    expect(formatJobDate(midnight)).toBe('2024-01-02 00:07');
  });
});

describe('database label', () => {
  it('shows WHO when none is recorded', () => {
    expect(databaseLabel(null)).toBe('WHO');
    expect(databaseLabel('')).toBe('WHO');
    expect(databaseLabel('WHO')).toBe('WHO');
  });

  it('drops the first underscore-separated segment of an upload name', () => {
    expect(databaseLabel('1700000000000_life_expectancy.csv')).toBe('life_expectancy.csv');
    expect(databaseLabel('1700000000000_data.csv')).toBe('data.csv');
    expect(databaseLabel('plain.csv')).toBe('plain.csv');
  });
});

describe('prediction sets in words', () => {
  it('joins the titles with the given "or", a dash for an empty set, nothing without a set', () => {
    expect(formatSet(['3'], 'or')).toBe('3');
    expect(formatSet(['3', '4'], 'or')).toBe('3 or 4');
    expect(formatSet(['2', '3', '4'], 'ou')).toBe('2, 3 ou 4');
    expect(formatSet([], 'or')).toBe('—');
    expect(formatSet(undefined, 'or')).toBe('');
  });
});
