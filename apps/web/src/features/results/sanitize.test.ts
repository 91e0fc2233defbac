// @vitest-environment jsdom
// DOMPurify sanitises in jsdom as in a browser; under happy-dom (the web tests' default) it returns its input
// unchanged, so the app shows such HTML as text (lib/safe-html.ts) and these tests of the sanitised markup need jsdom.
import { sanitizeReportHtml } from './sanitize.ts';

describe('report HTML sanitising', () => {
  it('drops scripts and event handlers and keeps the prose', () => {
    const clean = sanitizeReportHtml('<p onclick="alert(1)">Random Forest <strong>wins</strong><script>alert(2)</script></p>');
    expect(clean).toBe('<p>Random Forest <strong>wins</strong></p>');
  });

  it('removes anything that would load a resource from elsewhere', () => {
    const clean = sanitizeReportHtml(
      '<img src="https://evil.example/x.png" onerror="alert(1)"><iframe src="https://evil.example"></iframe>' +
        '<link rel="stylesheet" href="https://evil.example/a.css"><style>body{background:url(https://evil.example)}</style>' +
        '<p style="background:url(https://evil.example/t)">text</p><svg><image href="https://evil.example/s"/></svg>',
    );
    expect(clean).not.toMatch(/evil|<img|<iframe|<link|<style|<svg|onerror|style=/);
    expect(clean).toContain('<p>text</p>');
  });

  it('keeps the text of links but no reference to elsewhere (reports and answers share one policy)', () => {
    const clean = sanitizeReportHtml('<a href="https://www.who.int">WHO</a> <a href="javascript:alert(1)">x</a>');
    expect(clean).toBe('WHO x');
  });

  it('keeps tables and lists a report uses', () => {
    const html = '<ul><li>one</li></ul><table><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitizeReportHtml(html)).toBe(html);
  });
});
