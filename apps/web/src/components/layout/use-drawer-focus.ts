import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The phone drawer as a modal (below 1024 px): while `open`, the focus moves into the drawer and Tab
 * and Shift+Tab cycle through its button (`opener`, which closes it) and the drawer's own entries,
 * never into the page behind the backdrop (which the caller makes inert); Escape closes it. On
 * closing, by any means, a focus that was in the drawer goes back to `opener`, instead of falling to
 * the page's body when the drawer hides. The frame keeps Radix Dialog out of its chunk (decision
 * 0012), so this is the drawer's focus trap.
 */
export function useDrawerFocus(open: boolean, drawer: RefObject<HTMLElement | null>, opener: RefObject<HTMLElement | null>, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const box = drawer.current;
    const button = opener.current;
    const cycle = () => [opener.current, ...Array.from(box?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el): el is HTMLElement => !!el);
    cycle()[1]?.focus();
    const onKey = (e: KeyboardEvent) => {
      // Keys in a dialog opened from the drawer (Logout's) are that dialog's.
      const from = e.target instanceof Node ? e.target : null;
      if (from && from !== document.body && from !== opener.current && !box?.contains(from)) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
        return;
      }
      if (e.key !== 'Tab') return;
      const stops = cycle();
      if (stops.length === 0) return;
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (at <= 0 ? stops.length - 1 : at - 1) : at === -1 || at === stops.length - 1 ? 0 : at + 1;
      e.preventDefault();
      stops[next]!.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const active = document.activeElement;
      if (!active || active === document.body || box?.contains(active)) button?.focus();
    };
  }, [open, drawer, opener, close]);
}
