import { ID_PATTERN, isValidKey, newId } from './ids.ts';

describe('newId', () => {
  it('makes 20-character ids of the URL-safe alphabet', () => {
    for (let i = 0; i < 100; i++) expect(newId()).toMatch(ID_PATTERN);
  });

  it('sorts as text in creation order, across and within milliseconds', () => {
    const ids = [newId(1_700_000_000_000), newId(1_700_000_000_000), newId(1_700_000_000_000), newId(1_700_000_000_001), newId(1_800_000_000_000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts with 8 characters of time, so ids of later milliseconds sort after', () => {
    const a = newId(1_000);
    const b = newId(1_000 + 64);
    expect(a.slice(0, 8) < b.slice(0, 8)).toBe(true);
    // 1000 = 15 * 64 + 40: digits 15 ('E') and 40 ('c') of the alphabet.
    expect(a.slice(0, 8)).toBe('------Ec');
  });

  it('makes distinct ids in a tight loop', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect(new Set(ids).size).toBe(5000);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('isValidKey', () => {
  it('accepts ordinary keys and ids', () => {
    expect(isValidKey('abc')).toBe(true);
    expect(isValidKey(newId())).toBe(true);
    expect(isValidKey('with space and-dash_under')).toBe(true);
  });

  it.each(['', 'a.b', 'a#b', 'a$b', 'a/b', 'a[b', 'a]b'])('refuses %j', (key) => {
    expect(isValidKey(key)).toBe(false);
  });
});

describe('ID_PATTERN', () => {
  it('refuses what is not a generated id', () => {
    expect(ID_PATTERN.test('short')).toBe(false);
    expect(ID_PATTERN.test('a'.repeat(21))).toBe(false);
    expect(ID_PATTERN.test('../../etc/passwd....')).toBe(false);
  });
});
