// Hand-written in place of React Router's data router and React.lazy (decision 0012): the data
// router was 29 KiB gzip of /login's script (the declarative router is 13) for loaders and actions no
// page used. The lazy loader below keeps what it gave: a new location is shown once its modules have
// arrived (no spinner between pages), a failed chunk is tried again on the next visit.
import { createContext, createElement, startTransition, use, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, Outlet, useLocation, useNavigate, useRoutes, type Location, type RouteObject } from 'react-router';
import { ErrorBoundary } from '@/components/layout/error-screen';
import { FullPageSpinner } from '@/components/ui/spinner';
import { PAGES, pageRoles, type PageDef } from '@/config/pages';
import { paths } from '@/config/paths';
import { RequireRoles } from '@/lib/authorization';
import { setNavigator } from '@/lib/navigation';

type PageModule = { default: ComponentType };

/** What a page knows about its entry in the page list: its title. */
export type PageHandle = { title: string };
const PageContext = createContext<PageHandle | null>(null);
/** The page list's entry of the page being shown. */
export const usePageHandle = () => use(PageContext);

/**
 * A page module loaded on demand, each its own chunk. `AppRoutes` loads a route's modules before it
 * shows the route (as the data router did), so `Lazy` finds its module loaded and renders at once.
 */
function lazyModule(name: string, load: () => Promise<PageModule>) {
  let pending: Promise<void> | null = null;
  let loadedPage: ComponentType | null = null;
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (m) => {
        if (typeof m.default !== 'function') throw new Error(`${name} has no default export`);
        loadedPage = m.default;
      },
      (e: unknown) => {
        pending = null; // a failed chunk load (new deploy, network) is tried again on the next visit
        throw e;
      },
    ));
  function Lazy() {
    const [error, setError] = useState<unknown>(null);
    const [, setLoaded] = useState(false);
    useEffect(() => {
      if (!loadedPage) preload().then(() => setLoaded(true), setError);
    }, []);
    if (error) throw error;
    return loadedPage ? createElement(loadedPage) : <FullPageSpinner />;
  }
  return { Lazy, preload, isLoaded: () => loadedPage !== null };
}

// Every page module under routes/, each its own lazy chunk; the page list names them by path.
const modules = import.meta.glob<PageModule>(['./**/*.tsx', '!./**/*.test.tsx'], { base: './routes' });
const loaded = new Map<string, ReturnType<typeof lazyModule>>();

function pageModule(page: PageDef) {
  const load = modules[`./${page.page}.tsx`];
  // Fails when the route table is built (first import, and every component test), not on a click.
  if (!load) throw new Error(`Page "${page.title}" names app/routes/${page.page}.tsx, which does not exist`);
  let m = loaded.get(page.page);
  if (!m) loaded.set(page.page, (m = lazyModule(`app/routes/${page.page}.tsx`, load)));
  return m;
}

/** Names the browser tab after the page and tells the page its entry. */
function PageFrame({ handle, children }: { handle: PageHandle; children: ReactNode }) {
  useEffect(() => {
    document.title = `${handle.title} · CRS`;
  }, [handle.title]);
  return <PageContext value={handle}>{children}</PageContext>;
}

/** The module each route renders, keyed by route object (read by `preloadRoute` and `AppRoutes`). */
const routeModules = new WeakMap<RouteObject, ReturnType<typeof lazyModule>>();

function route(page: PageDef): RouteObject {
  const module = pageModule(page);
  const { Lazy } = module;
  const roles = pageRoles(page);
  const handle: PageHandle = { title: page.title };
  const content = (
    <PageFrame handle={handle}>
      <Lazy />
    </PageFrame>
  );
  const r: RouteObject = { path: page.path, element: roles ? <RequireRoles roles={roles}>{content}</RequireRoles> : content };
  routeModules.set(r, module);
  return r;
}

/** The root: names the tab on `/` (which redirects); every page names its own. */
function Root() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === '/') document.title = 'College Resource System';
  }, [pathname]);
  return <Outlet />;
}

const layout = lazyModule('app/routes/app/layout.tsx', () => import('./routes/app/layout'));
const pages: readonly PageDef[] = Object.values(PAGES);
const guardedRoutes = pages.filter((p) => p.guarded).map(route);
const layoutRoute: RouteObject = { element: <layout.Lazy />, children: guardedRoutes };
routeModules.set(layoutRoute, layout);

/**
 * The router's table, derived from the page list. Every page is its own chunk, loaded when first
 * shown, so /login loads only what it needs. Declarative routes (`useRoutes`), not the data router:
 * nothing here uses loaders or actions, and the data router doubled the router's share of /login.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    children: [
      { index: true, element: <Navigate to={paths.login} replace /> },
      ...pages.filter((p) => !p.guarded && p.path !== '*').map(route),
      layoutRoute,
      ...pages.filter((p) => p.path === '*').map(route),
    ],
  },
];

/**
 * The modules each pathname renders, worked out once per pathname: React Router's matchRoutes
 * flattens, ranks and compiles the whole table (~150 routes) on every call, and every render of
 * AppRoutes asked once here besides useRoutes' own call (a signed-in first load spent 56–129 ms of
 * the 4×-slowed main thread in matchRoutes). The table never changes; the cache is bounded.
 */
const modulesByPath = new Map<string, ReturnType<typeof lazyModule>[]>();
function modulesOf(pathname: string): ReturnType<typeof lazyModule>[] {
  let found = modulesByPath.get(pathname);
  if (!found) {
    found = (matchRoutes(routes, pathname) ?? []).flatMap((m) => routeModules.get(m.route) ?? []);
    if (modulesByPath.size >= 200) modulesByPath.clear();
    modulesByPath.set(pathname, found);
  }
  return found;
}

/** Loads every module the route at `pathname` renders (the frame and the page), all at once. */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all(modulesOf(pathname).map((m) => m.preload()));
}

const routeLoaded = (pathname: string) => modulesOf(pathname).every((m) => m.isLoaded());

/** The API client's 401/403 redirects go through the router, so they stay inside the single-page app. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, state) => void navigate(to, { state })), [navigate]);
  return null;
}

/**
 * The app's routes, inside whichever router the caller provides (browser, memory in tests, static
 * when prerendering). A new location is shown once its modules have loaded: until then the current
 * page stays (no spinner flash between pages); on the very first load a spinner shows. A failing
 * page or chunk shows the error screen until the next navigation.
 */
export function AppRoutes() {
  const location = useLocation();
  const ready = routeLoaded(location.pathname);
  const [shown, setShown] = useState<Location | null>(ready ? location : null);
  const [failed, setFailed] = useState<{ location: Location; error: unknown } | null>(null);
  if (ready && shown !== location) setShown(location);
  useEffect(() => {
    if (ready) return;
    let live = true;
    preloadRoute(location.pathname).then(
      // A transition: React renders the arriving page in slices, yielding to input between them,
      // instead of one long task (the frame and a dashboard: ~70 ms here, ~280 ms on Lighthouse's
      // slowed-down phone CPU, most of the dashboard's total blocking time).
      () => live && startTransition(() => setShown(location)),
      (error: unknown) => live && setFailed({ location, error }),
    );
    return () => {
      live = false;
    };
  }, [ready, location]);
  // Always give useRoutes a location: it wraps what it renders in a location provider only when
  // given one, so switching between "the page still shown" and undefined changed the tree's shape
  // and remounted the whole frame (sidebar, header, open dialogs, focus) after every page load.
  const element = useRoutes(routes, shown && shown !== location ? shown : location);
  return (
    <>
      <NavigatorBridge />
      <ErrorBoundary resetKey={location.pathname}>
        {failed?.location === location ? <Throw error={failed.error} /> : shown ? element : <FullPageSpinner />}
      </ErrorBoundary>
    </>
  );
}

function Throw({ error }: { error: unknown }): never {
  throw error;
}
