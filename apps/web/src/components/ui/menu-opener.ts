/**
 * The button of the menu whose item was chosen last, for a dialog that item opens. Choosing an item
 * closes its menu and removes the item, so when the dialog opens the focus is on the page's body and
 * the dialog cannot tell who opened it; the menu's button is where the focus belongs on closing.
 * Kept a few seconds (a dialog whose code is fetched on first use opens a moment later), and used
 * only by a dialog that finds the focus on the body.
 */
const KEEP_MS = 5_000;
let opener: HTMLElement | null = null;

/** Called by a menu item as it is chosen: remembers its menu's button (the element that labels the menu). */
export function rememberMenuOpener(item: Element): void {
  const id = item.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const button = id ? document.getElementById(id) : null;
  if (!button) return;
  opener = button;
  setTimeout(() => {
    if (opener === button) opener = null;
  }, KEEP_MS);
}

/** The remembered menu button, once. */
export function takeMenuOpener(): HTMLElement | null {
  const button = opener;
  opener = null;
  return button;
}
