/**
 * RFC 3986 section 6.2.2.2: percent-encoded unreserved characters (ALPHA, DIGIT, '-', '.', '_', '~') mean the
 * same as the characters themselves. They are decoded here, also when encoded several times ("%2561" for 'a'),
 * so every spelling of a path reaches the same route and the same guard. Other escapes ('%2F', '%3F', '%25'
 * of anything else) are left as they are: they can change what a path means.
 */
const ENCODED_UNRESERVED = /%(?:25)*([0-9A-Fa-f]{2})/g;

function isUnreserved(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d || code === 0x2e || code === 0x5f || code === 0x7e
  );
}

/** The URL with the unreserved characters of its path decoded; the query string is left untouched. */
export function normaliseRequestPath(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.includes('%')) return url;
  const normalised = path.replace(ENCODED_UNRESERVED, (whole, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return isUnreserved(code) ? String.fromCharCode(code) : whole;
  });
  return q === -1 ? normalised : normalised + url.slice(q);
}
