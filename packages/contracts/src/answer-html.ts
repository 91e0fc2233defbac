/**
 * The one policy for showing an assistant's answer or a report's prose as HTML (spec section 3: code
 * fences and bold markers stripped, then shown as HTML). The server sanitises with it before storing,
 * and the browser again before rendering: simple text markup only, nothing that runs or loads a resource.
 */
export const ANSWER_HTML_POLICY = {
  ALLOWED_TAGS: [
    'p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'code', 'pre', 'blockquote',
    'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div', 'small', 'sup', 'sub',
  ],
  ALLOWED_ATTR: ['colspan', 'rowspan', 'title'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  KEEP_CONTENT: true,
  FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'form', 'img', 'svg', 'math', 'template', 'noscript'],
};

/** Removes ``` fences (keeping their content) and ** / __ bold markers. */
export function stripMarkdownNoise(text: string): string {
  return text
    .replace(/```[a-zA-Z0-9_-]*\s*\n?/g, '')
    .replace(/```/g, '')
    .replace(/\*\*(.+?)\*\*/gs, '$1')
    .replace(/__(.+?)__/gs, '$1')
    .replace(/\*\*/g, '');
}

/** Text as HTML that shows it literally (&, <, > and " escaped): for a question, a label, or untrusted markup shown as text. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
