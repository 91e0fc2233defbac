import type { PanelFrame } from '../../src/data/frame.ts';
import { createRng } from '../../src/data/random.ts';

export const CENTROID_MODEL = new URL('./centroid-model.ts', import.meta.url).href;

/**
 * A synthetic panel: `places` places in 4 regions over `years`, a target that depends on two features
 * plus noise, one noise feature and one sparse feature.
 */
export function syntheticPanel(options: { places?: number; years?: number[]; seed?: number; missing?: number } = {}): PanelFrame {
  const places = options.places ?? 30;
  const years = options.years ?? Array.from({ length: 10 }, (_, i) => 2000 + i);
  const rng = createRng(options.seed ?? 7);
  const space: string[] = [];
  const time: number[] = [];
  const region: string[] = [];
  const a: number[] = [];
  const b: number[] = [];
  const noise: number[] = [];
  const sparse: number[] = [];
  const target: number[] = [];
  for (let p = 0; p < places; p++) {
    const base = rng.next() * 10;
    for (const year of years) {
      space.push(`P${String(p).padStart(2, '0')}`);
      time.push(year);
      region.push(`R${p % 4}`);
      const fa = base + (year - years[0]) * 0.2 + rng.next();
      const fb = rng.next() * 5;
      a.push(rng.next() < (options.missing ?? 0) ? NaN : fa);
      b.push(fb);
      noise.push(rng.next());
      sparse.push(rng.next() < 0.8 ? NaN : rng.next());
      target.push(fa * 2 + fb + rng.next() * 0.5);
    }
  }
  return {
    spaceColumn: 'countryName',
    timeColumn: 'year',
    regionColumn: 'regionName',
    space,
    time,
    region,
    columns: [
      { name: 'a', values: Float64Array.from(a) },
      { name: 'b', values: Float64Array.from(b) },
      { name: 'noise', values: Float64Array.from(noise) },
      { name: 'sparse', values: Float64Array.from(sparse) },
      { name: 'target', values: Float64Array.from(target) },
    ],
  };
}
