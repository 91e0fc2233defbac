import { formatFixed, formatPercentage, formatUpTo } from './number-format.ts';

describe('numbers as the reader writes them', () => {
  it('uses the locale decimal mark, no thousands separator, fixed or at most the digits asked', () => {
    expect(formatFixed(0.85, 4)).toBe('0.8500');
    expect(formatFixed(0.85, 4, 'pt-BR')).toBe('0,8500');
    expect(formatFixed(12345.678, 2, 'en')).toBe('12345.68');
    expect(formatFixed(12345.678, 2, 'pt-BR')).toBe('12345,68');
    expect(formatUpTo(12.5, 3, 'pt-BR')).toBe('12,5');
    expect(formatUpTo(3, 2)).toBe('3');
    expect(formatPercentage(0.8512, 2)).toBe('85.12%');
    expect(formatPercentage(0.8512, 1, 'pt-BR')).toBe('85,1%');
  });

  it('writes what toFixed wrote in English, so English pages read as before', () => {
    for (const value of [0, 1, -0.5, 0.123456, 99.995, 1e-7]) for (const digits of [0, 1, 2, 4]) expect(formatFixed(value, digits)).toBe(value.toFixed(digits).replace(/^-0(\.0*)?$/, (m) => m.slice(1)));
  });
});
