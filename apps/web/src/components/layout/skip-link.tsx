import { COMMON_MSG } from '@crs/shared/messages/common';

/** The id of the page's `<main>`, which the skip link moves to (it carries tabIndex -1 to take the focus). */
export const MAIN_ID = 'main-content';

/**
 * The first focusable element of a page with a header (WCAG 2.4.1): hidden until focused, then shown
 * at the top left; it moves the focus to the page's main content, past the header and the sidebar.
 * The focus is moved by hand rather than by the `#` address, which would add a history entry.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        e.preventDefault();
        main.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60] focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-foreground focus:shadow-lg focus:ring-2 focus:ring-ring focus:outline-none"
    >
      {COMMON_MSG.skipToMain}
    </a>
  );
}
