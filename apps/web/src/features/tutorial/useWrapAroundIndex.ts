import { useCallback, useState } from 'react';
import { wrapIndex } from './wrapIndex.ts';

/** A position among `count` items where Next after the last goes to the first and Previous before the first to the last. */
export function useWrapAroundIndex(count: number, initial = 0) {
  const [index, setIndex] = useState(() => wrapIndex(initial, count));
  const next = useCallback(() => setIndex((i) => wrapIndex(i + 1, count)), [count]);
  const previous = useCallback(() => setIndex((i) => wrapIndex(i - 1, count)), [count]);
  const goTo = useCallback((target: number) => setIndex(wrapIndex(target, count)), [count]);
  return { index, next, previous, goTo };
}
