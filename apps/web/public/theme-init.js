/* global matchMedia, document */
// Applies the stored theme before the first paint (an external file, because the CSP forbids inline scripts).
(function () {
  try {
    var t = localStorage.getItem('theme');
    var dark = t === 'dark' || (t !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) document.documentElement.classList.add('dark');
  } catch {
    // No storage or matchMedia: the app applies the theme once it starts.
  }
})();
