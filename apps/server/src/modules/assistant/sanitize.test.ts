import { answerToSafeHtml, htmlToText, sanitizeHtml, stripMarkdownNoise } from './sanitize.ts';

describe('server-side sanitising of answers', () => {
  test('strips code fences and bold markers', () => {
    expect(stripMarkdownNoise('```html\n**a** and __b__\n```')).toBe('a and b\n');
  });

  test('removes scripts, handlers, links, images, styles and remote resources', () => {
    const hostile =
      '<p onclick="x()">ok</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="https://evil.example">l</a>' +
      '<div style="background:url(https://evil.example/a.png)">d</div><iframe src="https://evil.example"></iframe><svg onload=alert(1)></svg><form action="https://evil.example"><input></form>';
    const clean = sanitizeHtml(hostile);
    expect(clean).not.toMatch(/script|onclick|onerror|onload|<img|<a|href|style|url\(|iframe|svg|form|evil/i);
    expect(clean).toContain('<p>ok</p>');
    expect(clean).toContain('l');
  });

  test('turns plain text and bullet lines into paragraphs and lists, escaping markup-like text', () => {
    expect(answerToSafeHtml('First line\n\n- one\n- two')).toBe('<p>First line</p><ul><li>one</li><li>two</li></ul>');
    expect(htmlToText(answerToSafeHtml('a < b and c > d'))).toBe('a < b and c > d');
  });
});
