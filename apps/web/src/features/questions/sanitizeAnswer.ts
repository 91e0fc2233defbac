import { stripMarkdownNoise } from '@indicata/contracts';
import { sanitizeUntrustedHtml } from '../../lib/safe-html.ts';

export { stripMarkdownNoise };

/** An assistant's answer as safe HTML: code fences and bold markers stripped (spec section 3), then sanitised. */
export function sanitizeAnswer(answer: string): string {
  return sanitizeUntrustedHtml(stripMarkdownNoise(answer));
}
