import DOMPurify from 'dompurify';

/**
 * An assistant's answer is untrusted HTML (a language model wrote it, prompted partly by user text). Before
 * it is shown: code fences and bold markers are stripped (spec section 3), then only simple text markup
 * survives: no scripts, no event handlers, no links, images, styles, forms or anything that loads a resource.
 * The server sanitised it already; this is the second line.
 */
const ALLOWED_TAGS = [
  'p', 'br', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'code', 'pre', 'blockquote',
  'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'div', 'small', 'sup', 'sub',
];
const ALLOWED_ATTR = ['colspan', 'rowspan', 'title'];

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** Removes ``` fences (keeping their content) and ** / __ bold markers. */
export function stripMarkdownNoise(text: string): string {
  return text
    .replace(/```[a-zA-Z0-9_-]*\s*\n?/g, '')
    .replace(/```/g, '')
    .replace(/\*\*(.+?)\*\*/gs, '$1')
    .replace(/__(.+?)__/gs, '$1')
    .replace(/\*\*/g, '');
}

/** The answer as HTML safe for dangerouslySetInnerHTML. */
export function sanitizeAnswer(answer: string): string {
  purifier ??= DOMPurify(window);
  return purifier.sanitize(stripMarkdownNoise(answer), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    KEEP_CONTENT: true,
    FORBID_TAGS: ['style', 'script', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'form', 'img', 'svg', 'math', 'template', 'noscript'],
  });
}
