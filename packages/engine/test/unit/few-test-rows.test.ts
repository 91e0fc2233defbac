import { fewTestRowClasses } from '../../src/pipeline/assemble.ts';
import { ENGINE_WARNINGS } from '../../src/pipeline/warnings.ts';

/**
 * Macro-F1 weighs every class alike, so a class with a handful of test rows decides test-score differences as much as
 * a class with hundreds. The results say so when the test years hold such a class.
 */
describe('classes with few test rows', () => {
  const classes = (counts: number[]) => counts.map((testCount, i) => ({ title: String(i + 1), testCount }));

  it('names the classes with 1-4 test rows and the class with the most', () => {
    expect(fewTestRowClasses(classes([881, 4, 1, 0, 0]))).toEqual({
      few: [
        { title: '2', rows: 4 },
        { title: '3', rows: 1 },
      ],
      largest: { title: '1', rows: 881 },
    });
    expect(ENGINE_WARNINGS.fewTestRows([{ title: '2', rows: 4 }, { title: '3', rows: 1 }], { title: '1', rows: 881 })).toBe(
      'Few test rows in class(es) "2" (4), "3" (1): macro-F1 weighs each class alike, so they count as much as the 881 test rows of class "1", and a few rows decide the differences between the test scores.',
    );
  });

  it('says nothing when every class with test rows has at least 5, or when only one class has test rows', () => {
    expect(fewTestRowClasses(classes([715, 187, 64, 5, 0]))).toBeNull();
    expect(fewTestRowClasses(classes([0, 3, 0]))).toBeNull();
    expect(fewTestRowClasses(classes([]))).toBeNull();
  });
});
