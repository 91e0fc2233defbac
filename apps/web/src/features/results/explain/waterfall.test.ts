import { filledAxisName, shortAxisLabel } from './waterfall.ts';

describe("the waterfall's axis labels", () => {
  const TB = 'Incidence of tuberculosis (per 100 000 population per year)';

  it('keeps what tells the target history columns apart when it shortens them', () => {
    const previous = shortAxisLabel(`${TB} (previous known value)`);
    const projected = shortAxisLabel(`${TB} (projected value)`);
    const previousClass = shortAxisLabel(`${TB} (previous class)`);
    expect(previous).toBe('Incidence of tuber… (previous known value)');
    expect(previous.endsWith('… (previous known value)')).toBe(true);
    expect(projected.endsWith('… (projected value)')).toBe(true);
    expect(previousClass.endsWith('… (previous class)')).toBe(true);
    for (const label of [previous, projected, previousClass]) {
      expect(label.length).toBeLessThanOrEqual(42);
      expect(label.startsWith('Incidence of tuberculosis'.slice(0, 15))).toBe(true);
    }
    expect(new Set([previous, projected, previousClass]).size).toBe(3);
  });

  it('keeps a long parenthetical whole, after ten letters of the name (a filled-in history column)', () => {
    expect(shortAxisLabel(`${TB} (previous known value, filled in)`)).toBe('Incidence… (previous known value, filled in)');
  });

  it("marks a filled-in input inside its trailing parenthetical, which shortening keeps, else after its name", () => {
    const mark = (name: string) => `${name} (filled in)`;
    expect(filledAxisName(`${TB} (previous known value)`, 'filled in', mark)).toBe(`${TB} (previous known value, filled in)`);
    expect(filledAxisName('Polio immunization coverage', 'filled in', mark)).toBe('Polio immunization coverage (filled in)');
  });

  it('leaves a short label alone and cuts a long one without a suffix at its end', () => {
    expect(shortAxisLabel('Life expectancy at birth, female')).toBe('Life expectancy at birth, female');
    const cut = shortAxisLabel('Probability (%) of dying between exact ages 30 and 70 from any of cardiovascular disease');
    expect(cut).toBe('Probability (%) of dying between exact ag…');
    expect(cut.length).toBe(42);
  });
});
