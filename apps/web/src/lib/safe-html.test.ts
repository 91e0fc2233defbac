import { sanitizeUntrustedHtml } from './safe-html.ts';

// This file runs under happy-dom (the web tests' default DOM), where DOMPurify reports itself supported but
// returns its input unchanged: the guard must notice and show text, never the markup.
describe('sanitizeUntrustedHtml in a DOM where DOMPurify does not sanitise', () => {
  it('shows the HTML as text instead of passing a script or a handler through', () => {
    const out = sanitizeUntrustedHtml('<p>Beds <img src="x" onerror="alert(1)"><script>alert(2)</script></p>');
    expect(out).not.toMatch(/<img|<script|<p>/);
    expect(out).toContain('&lt;script&gt;');
    const host = document.createElement('div');
    host.innerHTML = out;
    expect(host.querySelector('img, script')).toBeNull();
    expect(host.textContent).toContain('Beds');
  });
});
