/*
 * Turns a model's answer into HTML that is safe to store and show: code fences and bold markers are
 * stripped (spec section 3), plain text becomes paragraphs, and DOMPurify removes scripts, event
 * handlers, forms, styles and every external resource. The web sanitises again before rendering.
 */
import { createRequire } from 'node:module';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import type { JSDOM as JsdomClass } from 'jsdom';
import { ANSWER_HTML_POLICY, escapeHtml, stripMarkdownNoise } from '@indicata/contracts';

/** A DOM for DOMPurify to parse in, and the purifier bound to it. */
interface SanitizerDom {
  window: Window & typeof globalThis;
  purifier: DOMPurify;
}

let dom: SanitizerDom | undefined;

/**
 * The DOM window and purifier, made on first use: loading jsdom takes ~0.5 CPU-second, which a process that never
 * sanitises (a web role without the assistant, a test server) should not pay at start-up.
 */
function sanitizerDom(): SanitizerDom {
  if (!dom) {
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: typeof JsdomClass };
    const window = new JSDOM('').window as unknown as Window & typeof globalThis;
    dom = { window, purifier: createDOMPurify(window) };
  }
  return dom;
}

function looksLikeHtml(text: string): boolean {
  return /<\/?[a-zA-Z][^>]*>/.test(text);
}

/** Plain text (optionally with "- " bullet lines) to paragraphs and lists. */
function textToHtml(text: string): string {
  const blocks = text.trim().split(/\n\s*\n/);
  return blocks
    .map((block) => {
      const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
      if (lines.length > 0 && lines.every((l) => /^([-*•]|\d+[.)])\s+/.test(l))) {
        const items = lines.map((l) => `<li>${escapeHtml(l.replace(/^([-*•]|\d+[.)])\s+/, ''))}</li>`).join('');
        return /^\d/.test(lines[0] ?? '') ? `<ol>${items}</ol>` : `<ul>${items}</ul>`;
      }
      return `<p>${lines.map(escapeHtml).join('<br>')}</p>`;
    })
    .join('');
}

/** Sanitises HTML with the shared answer policy (contracts): no scripts, handlers, links, images, styles or URLs. */
export function sanitizeHtml(html: string): string {
  return sanitizerDom().purifier.sanitize(html, ANSWER_HTML_POLICY);
}

/** A model's or the analyst's answer (markdown-ish text or HTML) as safe HTML. */
export function answerToSafeHtml(answer: string): string {
  const stripped = stripMarkdownNoise(answer);
  const html = looksLikeHtml(stripped) ? stripped : textToHtml(stripped);
  return sanitizeHtml(html);
}

/** The plain text of an HTML fragment (for number checks and previews). */
export function htmlToText(html: string): string {
  const div = sanitizerDom().window.document.createElement('div');
  div.innerHTML = sanitizeHtml(html);
  return (div.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export { escapeHtml, stripMarkdownNoise };
