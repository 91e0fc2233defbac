import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { LIMITS } from '@indicata/contracts';

/** A loading text whose dots tick every 500 ms ("Loading", "Loading.", "Loading..", "Loading..."). */
export function LoadingDots({ text }: { text: string }) {
  const [dots, setDots] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setDots((count) => (count + 1) % 4), LIMITS.loadingDotsTickMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text c="dimmed" role="status" aria-label={text} data-testid="results-loading">
      {text}
      <span aria-hidden="true" style={{ display: 'inline-block', minWidth: '1.5em' }}>
        {'.'.repeat(dots)}
      </span>
    </Text>
  );
}
