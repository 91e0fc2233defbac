import { sanitizeUntrustedHtml } from '../../lib/safe-html.ts';

/** Sanitises report prose (untrusted: a language model may have written it) with the shared policy. */
export function sanitizeReportHtml(html: string): string {
  return sanitizeUntrustedHtml(html);
}
