import DOMPurify from 'dompurify';
import { ANSWER_HTML_POLICY } from '@indicata/contracts';

let purifier: ReturnType<typeof DOMPurify> | null = null;

/**
 * HTML a language model may have written (answers, report prose), made safe for dangerouslySetInnerHTML
 * with the shared policy of contracts/answer-html.ts: simple text markup only, no scripts, event
 * handlers, links, images, styles, forms or anything that loads a resource. The server applied the same
 * policy before storing; this is the second line.
 */
export function sanitizeUntrustedHtml(html: string): string {
  purifier ??= DOMPurify(window);
  return purifier.sanitize(html, ANSWER_HTML_POLICY);
}
