import { readdirSync } from 'node:fs';

/**
 * Which file of the client build answers a client route: the page the build prerendered for that
 * path (`/login` → `login.html`, decision 0012), else `index.html` (the SPA shell). Read once at
 * start; a new build comes with a restart.
 */
export function clientPageFor(webDist: string): (url: string) => string {
  const pages = new Map(
    readdirSync(webDist)
      .filter((f) => f.endsWith('.html') && f !== 'index.html')
      .map((f) => [`/${f.slice(0, -'.html'.length)}`, f]),
  );
  return (url) => {
    const pathname = url.split(/[?#]/, 1)[0]!.replace(/(.)\/+$/, '$1');
    return pages.get(pathname) ?? 'index.html';
  };
}
