/** `index` moved into 0..count-1, wrapping past either end (count > 0). */
export function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}
