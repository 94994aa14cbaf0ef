import { useCallback, useState } from 'react';

/**
 * Keyboard access to a box that scrolls (axe `scrollable-region-focusable`, WCAG 2.1.1): while its
 * content overflows, the box takes `tabIndex=0` so arrow keys can scroll it; otherwise it adds no
 * tab stop. Pass `attach` as the scrolling element's ref and `tabIndex` as its tabIndex; name it (aria-label) where it is a region.
 */
export function useScrollFocus<E extends HTMLElement>(): [attach: (el: E | null) => void, tabIndex: 0 | undefined] {
  const [scrolls, setScrolls] = useState(false);
  const attach = useCallback((el: E | null) => {
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return [attach, scrolls ? 0 : undefined];
}
