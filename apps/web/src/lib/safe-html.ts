import DOMPurify from 'dompurify';
import { ANSWER_HTML_POLICY, escapeHtml } from '@indicata/contracts';

let purifier: ReturnType<typeof DOMPurify> | null = null;

/**
 * HTML a language model may have written (answers, report prose), made safe for dangerouslySetInnerHTML
 * with the shared policy of contracts/answer-html.ts: simple text markup only, no scripts, event
 * handlers, links, images, styles, forms or anything that loads a resource. The server applied the same
 * policy before storing; this is the second line.
 */
export function sanitizeUntrustedHtml(html: string): string {
  purifier ??= DOMPurify(window);
  if (!purifierWorks(purifier)) return escapeHtml(html);
  return purifier.sanitize(html, ANSWER_HTML_POLICY);
}

let proven: boolean | undefined;

/**
 * Whether the purifier really removes a script and a handler in this DOM. DOMPurify can report itself supported
 * and still return its input unchanged (it does under happy-dom, one of the test DOMs): then nothing it returns is
 * trusted, and the caller shows the text instead.
 */
function purifierWorks(candidate: ReturnType<typeof DOMPurify>): boolean {
  proven ??= (() => {
    const out = candidate.sanitize('<p>x<script>1</script><img src="x" onerror="1"></p>', ANSWER_HTML_POLICY);
    return !/<script|onerror|<img/i.test(out) && out.includes('x');
  })();
  return proven;
}
