import { LIMITS } from './limits.ts';

/**
 * A target that arrives already coded as classes (1-5, say): how to tell one, and the classes that keep each code as
 * its own. The app's class preview (server) and the command line find the codes; the wizard's manual table and the
 * command line's --classes write the classes.
 */

/**
 * The distinct values of a target, ascending, when every value is a whole number and there are 2 to
 * LIMITS.targetCodesMax of them. Null for any other target.
 * @param values the target's values; NaN (missing) is left aside
 */
export function targetCodes(values: ArrayLike<number>): number[] | null {
  const seen = new Set<number>();
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (Number.isNaN(value)) continue;
    if (!Number.isInteger(value)) return null;
    seen.add(value);
    if (seen.size > LIMITS.targetCodesMax) return null;
  }
  return seen.size >= 2 ? [...seen].sort((a, b) => a - b) : null;
}

/**
 * One manual class per code, titled by it and spanning half a unit on either side, so it holds that code and no other.
 * @param codes the target's codes, ascending (targetCodes)
 */
export function codeClasses(codes: readonly number[]): { title: string; min: number; max: number }[] {
  return codes.map((code) => ({ title: String(code), min: code - 0.5, max: code + 0.5 }));
}
