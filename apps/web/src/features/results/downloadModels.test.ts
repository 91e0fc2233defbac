import { downloadModels, DOWNLOAD_FAMILIES, modelFileName } from './downloadModels.ts';

const listed = [
  { file: 'modelDT.json', family: 'DT', bytes: 10 },
  { file: 'modelRF.json', family: 'RF', bytes: 20 },
  { file: 'modelSVM.json', family: 'SVM', bytes: 30 },
];

describe('Download models', () => {
  it('asks for the five families in order and uses the listed names', () => {
    expect(DOWNLOAD_FAMILIES).toEqual(['DT', 'RF', 'KNN', 'SVM', 'ANN']);
    expect(modelFileName('RF', listed)).toBe('modelRF.json');
    expect(modelFileName('KNN', listed)).toBe('modelKNN.json');
  });

  it('skips (and logs) a missing file and advances the progress after every file', async () => {
    const present = new Set(listed.map((l) => l.file));
    const requested: string[] = [];
    const saved: string[] = [];
    const progress: number[] = [];
    const logged: string[] = [];
    const outcome = await downloadModels({
      listed,
      fetchFile: async (file) => {
        requested.push(file);
        return { status: present.has(file) ? 200 : 404, blob: async () => new Blob([file]) };
      },
      save: (file) => saved.push(file),
      onProgress: (fraction) => progress.push(fraction),
      log: (message) => logged.push(message),
    });
    expect(requested).toEqual(['modelDT.json', 'modelRF.json', 'modelKNN.json', 'modelSVM.json', 'modelANN.json']);
    expect(saved).toEqual(['modelDT.json', 'modelRF.json', 'modelSVM.json']);
    expect(outcome.missing).toEqual(['modelKNN.json', 'modelANN.json']);
    expect(progress).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toContain('modelKNN.json');
  });

  it('goes on after a failed request', async () => {
    const outcome = await downloadModels({
      listed,
      fetchFile: async (file) => {
        if (file === 'modelDT.json') throw new Error('network down');
        return { status: file === 'modelRF.json' ? 500 : 200, blob: async () => new Blob(['x']) };
      },
      save: () => {},
      onProgress: () => {},
      log: () => {},
    });
    expect(outcome.failed).toEqual(['modelDT.json', 'modelRF.json']);
    expect(outcome.saved).toEqual(['modelKNN.json', 'modelSVM.json', 'modelANN.json']);
  });
});
