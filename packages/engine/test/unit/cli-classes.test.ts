import { codesAsClassesArgument, parseClasses } from '../../src/cli/args.ts';

describe('codesAsClassesArgument: the command line\'s --classes for a coded target', () => {
  it('reads back as one class per code, titled by it', () => {
    expect(codesAsClassesArgument([-1, 0, 2])).toBe('-1:-1.5:-0.5,0:-0.5:0.5,2:1.5:2.5');
    expect(parseClasses(codesAsClassesArgument([1, 2, 5]))).toEqual([
      { title: '1', min: 0.5, max: 1.5 },
      { title: '2', min: 1.5, max: 2.5 },
      { title: '5', min: 4.5, max: 5.5 },
    ]);
  });
});
