/**
 * Makes the page's media queries answer that the reader asked for reduced motion, until the returned function is
 * called. The other queries answer as before.
 */
export function emulateReducedMotion(): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    const list = original.call(window, query);
    if (!query.includes('prefers-reduced-motion: reduce')) return list;
    return new Proxy(list, {
      get: (target, key) => {
        if (key === 'matches') return true;
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  };
  return () => {
    window.matchMedia = original;
  };
}
