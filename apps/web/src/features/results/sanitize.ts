import DOMPurify from 'dompurify';

/**
 * Report prose is HTML written by a language model, so it is untrusted: no scripts, no event
 * handlers, nothing that loads a resource from elsewhere (images, frames, styles, fonts, forms).
 * Links stay readable but open in a new tab without access to this page.
 */
const FORBIDDEN_TAGS = [
  'script', 'style', 'link', 'meta', 'base', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'img', 'picture', 'source', 'video', 'audio', 'track', 'svg', 'math', 'form', 'input', 'button',
  'textarea', 'select', 'template', 'noscript',
];
const FORBIDDEN_ATTRIBUTES = ['style', 'src', 'srcset', 'background', 'poster', 'action', 'formaction', 'xlink:href'];

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    for (const attribute of [...node.attributes]) {
      if (attribute.name.toLowerCase().startsWith('on')) node.removeAttribute(attribute.name);
    }
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!/^(https?:|mailto:|#)/i.test(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  purifier = instance;
  return instance;
}

/** Sanitises report HTML for insertion with dangerouslySetInnerHTML. */
export function sanitizeReportHtml(html: string): string {
  return getPurifier().sanitize(html, {
    FORBID_TAGS: FORBIDDEN_TAGS,
    FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ADD_ATTR: ['target'],
  });
}
