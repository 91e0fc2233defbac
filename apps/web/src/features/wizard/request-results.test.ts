import { describe, expect, it } from 'vitest';
import type { ResultRow } from '@indicata/contracts';
import { REQUEST_RESULT_COLUMNS, formatRequestCell } from './request-results.ts';

const row: ResultRow = {
  Algorithm: 'RF',
  Category: 'macro avg',
  TotalIntances: 120,
  Accuracy: 0.87654,
  precision: 0.5,
  recall: 1 / 3,
  f1: 0,
  MAE: 0.25,
  MAPE: null,
  MSE: 0.3,
  RMSE: 0.5477225575,
  KGE: -0.12345,
};

describe('confirm screen results table', () => {
  it('has the spec columns in order', () => {
    expect(REQUEST_RESULT_COLUMNS).toEqual(['Category', 'Algorithm', 'TotalIntances', 'Accuracy', 'MAE', 'MAPE', 'MSE', 'RMSE', 'precision', 'recall', 'f1', 'KGE']);
  });

  it('shows accuracy as a percentage with 2 decimals and other metrics with 4', () => {
    expect(formatRequestCell(row, 'Accuracy')).toBe('87.65%');
    expect(formatRequestCell(row, 'recall')).toBe('0.3333');
    expect(formatRequestCell(row, 'f1')).toBe('0.0000');
    expect(formatRequestCell(row, 'KGE')).toBe('-0.1235');
    expect(formatRequestCell(row, 'TotalIntances')).toBe('120');
    expect(formatRequestCell(row, 'MAPE')).toBe('–');
    expect(formatRequestCell(row, 'Category')).toBe('macro avg');
  });
});
