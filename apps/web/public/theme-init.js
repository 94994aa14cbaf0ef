/* global matchMedia, document */
// The head's one blocking script (an external file, because the CSP forbids inline scripts). It
// applies the stored theme before the first paint, and with a stored session it starts fetching the
// signed-in frame's chunks (named on this tag by the build: vite-plugins/signed-in-preload.ts)
// alongside the entry, rather than after the entry has run.
(function () {
  try {
    var t = localStorage.getItem('theme');
    var dark = t === 'dark' || (t !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark) document.documentElement.classList.add('dark');
  } catch {
    // No storage or matchMedia: the app applies the theme once it starts.
  }
  try {
    var me = document.currentScript;
    var files = me && me.getAttribute('data-signed-in-preload');
    if (!files || !localStorage.getItem('token')) return;
    files.split(' ').forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  } catch {
    // No storage: nothing is signed in.
  }
})();
