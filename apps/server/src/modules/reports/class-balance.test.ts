import { describe, expect, it } from 'vitest';
import { builtinSectionHtml } from './builtin-prose.ts';
import { resultsFixture } from './results-fixture.ts';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ');

describe('the report on class sizes', () => {
  it('calls imbalanced classes so, and a thin test class uncertain', () => {
    const results = resultsFixture();
    results.classes = results.classes.map((c, i) => ({ ...c, trainCount: [310, 180, 42][i]!, testCount: [23, 21, 3][i]! }));
    const en = text(builtinSectionHtml(results, 'limitations', 'en'));
    expect(en).toContain('Class imbalance: the largest class (Low) has 310 training rows and the smallest (High) 42, a ratio of 7.4 to 1.');
    expect(en).toContain('The smallest class in the test set (High) has 3 rows, so its scores are uncertain.');
  });

  it('does not call balanced classes imbalanced, nor 44 test rows uncertain (the page warns below 5)', () => {
    const results = resultsFixture();
    results.classes = results.classes.map((c, i) => ({ ...c, trainCount: 915, testCount: [60, 50, 44][i]! }));
    const en = text(builtinSectionHtml(results, 'limitations', 'en'));
    expect(en).toContain('Class sizes: the largest class');
    expect(en).not.toContain('imbalance');
    expect(en).toContain('The smallest class in the test set (High) has 44 rows.');
    const pt = text(builtinSectionHtml(results, 'limitations', 'pt-BR'));
    expect(pt).toContain('Tamanho das classes: a maior classe');
    expect(pt).not.toContain('incertas');
  });
});
