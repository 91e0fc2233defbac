import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { LIMITS } from '@indicata/contracts';

/**
 * A loading text whose dots tick every 500 ms ("Loading", "Loading.", "Loading..", "Loading..."); still ("Loading...")
 * when the reader's system asks for reduced motion.
 */
export function LoadingDots({ text }: { text: string }) {
  const reduceMotion = useReducedMotion();
  const [dots, setDots] = useState(0);
  useEffect(() => {
    if (reduceMotion) return undefined;
    const timer = setInterval(() => setDots((count) => (count + 1) % 4), LIMITS.loadingDotsTickMs);
    return () => clearInterval(timer);
  }, [reduceMotion]);
  return (
    <Text c="dimmed" role="status" aria-label={text} data-testid="results-loading">
      {text}
      <span aria-hidden="true" style={{ display: 'inline-block', minWidth: '1.5em' }}>
        {'.'.repeat(reduceMotion ? 3 : dots)}
      </span>
    </Text>
  );
}
