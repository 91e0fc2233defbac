import { collectFacts, extractNumbers, numberIsSupported, unsupportedNumbers } from './number-check.ts';

describe('extractNumbers', () => {
  test('reads decimals, percentages, thousands, decimal commas and negatives; skips identifiers', () => {
    const found = extractNumbers('Accuracy 85.3%, macro-F1 0.764, 1,234 rows, 0,85 em pt, r = -0.61, years 2000-2016, F1 and WHOSIS_000001 and x2.');
    expect(found.map((m) => m.text)).toEqual(['85.3%', '0.764', '1,234', '0,85', '-0.61', '2000', '2016']);
    expect(found[0]).toMatchObject({ value: 85.3, decimals: 1, percent: true });
    expect(found[2]).toMatchObject({ value: 1234, decimals: 0 });
    expect(found[3]).toMatchObject({ value: 0.85, decimals: 2 });
  });
});

describe('numberIsSupported', () => {
  const facts = [0.8532, 0.7642, 1234, 2016, 12.8, -0.6102];
  const ok = (text: string) => numberIsSupported(extractNumbers(text)[0]!, facts);
  test.each(['85.3%', '85%', '0.85', '0.853', '0.764', '76.4%', '1234', '1,234', '2016', '12.8%', '0.128', '-0.61'])('accepts %s', (text) => {
    expect(ok(text)).toBe(true);
  });
  test.each(['86.9%', '0.91', '1235', '2015', '13.9%', '0.61', '0.77'])('refuses %s', (text) => {
    expect(ok(text)).toBe(false);
  });
});

describe('numbers written the Brazilian way', () => {
  const facts = [0.9051, 3111, 1234.5, 905.2];
  const ok = (text: string) => numberIsSupported(extractNumbers(text)[0]!, facts);
  test.each(['0,905', '0,91', '3.111', '3111', '1.234,5', '1234,5', '90,5%', '905,2'])('accepts %s', (text) => {
    expect(ok(text)).toBe(true);
  });
  test.each(['0,906', '3.112', '1.234,6', '91,5%'])('refuses %s', (text) => {
    expect(ok(text)).toBe(false);
  });
  test('reads "1.234,5" as one number', () => {
    expect(extractNumbers('valor 1.234,5 em 2015').map((m) => m.value)).toEqual([1234.5, 2015]);
  });
});

describe('unsupportedNumbers', () => {
  test('lists what the facts do not hold, ignoring the bare numbers 0, 1, 2 and 100', () => {
    const facts = collectFacts({ accuracy: 0.8, note: 'Trained on 2000-2015 (50 rows).' });
    expect(unsupportedNumbers('Accuracy 80% on 50 rows from 2000 to 2015, with 1 of 2 models at 100%; 97 rows are fine.', facts)).toEqual(['100%', '97']);
  });
});
