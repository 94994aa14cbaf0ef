/* global document, requestAnimationFrame */
// Starts the app's scripts after the first paint, on pages the build prerendered (decision 0012):
// such a page is readable from its HTML and CSS alone; the scripts, loaded right after, make it usable.
// The build names them on this tag (no inline script: the CSP allows only files from this origin).
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function add(tag, attrs) {
    var el = document.createElement(tag);
    for (var k in attrs) el.setAttribute(k, attrs[k]);
    document.head.appendChild(el);
  }
  function load() {
    preloads.forEach(function (href) {
      add('link', { rel: 'modulepreload', crossorigin: '', href: href });
    });
    add('script', { type: 'module', crossorigin: '', src: entry });
  }
  // A hidden tab paints no frame: load at once there.
  if (document.visibilityState === 'hidden') load();
  else
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
})();
