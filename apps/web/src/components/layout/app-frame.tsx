import { useCallback, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/avatar';
import { DRAWER_BREAKPOINT_PX, SIDEBAR_TOOLTIP_DELAY_MS } from '@/config/env';
import { PAGES } from '@/config/pages';
import { paths } from '@/config/paths';
import { useMediaQuery } from '@/hooks/use-media-query';
import { displayName, useAuth } from '@/lib/auth';
import { deferredModule } from '@/lib/deferred-module';
import { collegeTimeZone, prepareDateFormat, setCollegeTimeZone } from '@/lib/format-date';
import { usePublicSettings } from '@/lib/institution-query';
import { cn } from '@/lib/utils';
import { InstitutionName } from './institution';
import { navFor, type NavItem } from './nav-items';
import { NotificationBell } from './notification-bell';
import { MAIN_ID, SkipLink } from './skip-link';
import { ThemeToggle } from './theme-toggle';
import { useDrawerFocus } from './use-drawer-focus';

// Loaded with the frame, before the page and its answers arrive: the date formatter is built now,
// while the network is busy, and not in the render that shows the page's first date.
setTimeout(prepareDateFormat, 0);

const DESKTOP_QUERY = `(min-width: ${DRAWER_BREAKPOINT_PX}px)`;
const DASHBOARD_ENTRY = 'Dashboard';

// Radix AlertDialog with its focus scope and scroll lock, which only the Logout button opens: fetched
// when the pointer or focus reaches that button, or on its click (decision 0012).
const logoutDialog = deferredModule(() => import('./logout-dialog'));
// Radix Tooltip with floating-ui, shown only by the collapsed sidebar: fetched when the pointer or
// focus reaches the collapse button, and the sidebar collapses once it is there.
const tooltipModule = deferredModule(() => import('@/components/ui/tooltip'));
type Tooltips = NonNullable<ReturnType<typeof tooltipModule.loaded>>;

/**
 * The shared page frame (spec section 2): fixed header, sidebar open by default that collapses to
 * icons with tooltips, and a slide-in drawer with a dimming backdrop below 1024 px.
 */
export function AppFrame({ children, bell }: { children: ReactNode; /** The header bell; the app supplies one fed by live data. */ bell?: ReactNode }) {
  const { user } = useAuth();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  // Mounted once loaded (it opens when it arrives, if the button was clicked meanwhile).
  const logoutModule = logoutDialog.useModule(logoutOpen);
  const open = isDesktop ? desktopOpen : drawerOpen;
  const collapsed = isDesktop && !desktopOpen;
  // null while the sidebar shows its labels, or in the rare case that the code could not be fetched
  // (the labels stay for screen readers; the next collapse tries again).
  const tooltips = tooltipModule.useModule(collapsed);
  const tips = collapsed ? tooltips : null;
  const items = navFor(user?.roles);

  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const drawerModal = !isDesktop && drawerOpen;
  useDrawerFocus(drawerModal, drawerRef, toggleRef, closeDrawer);

  const toggle = () => {
    if (!isDesktop) return setDrawerOpen((v) => !v);
    // Collapsing puts the labels into tooltips; until their code is there (normally fetched while the
    // pointer or focus was on this button) it waits, so a collapsed entry never lacks its tooltip.
    if (desktopOpen && !tooltipModule.loaded()) {
      void tooltipModule
        .load()
        .catch(() => undefined)
        .then(() => setDesktopOpen(false));
      return;
    }
    setDesktopOpen((v) => !v);
  };
  const name = displayName(user);
  const role = user?.roles[0] ?? '';
  const institution = usePublicSettings();
  // Every date on the page is shown in the college's zone: set before the page renders; if it differs
  // from the default the page first drew with, the page is drawn again (keyed by the zone) once.
  setCollegeTimeZone(institution.data?.timeZone);
  const timeZone = collegeTimeZone();

  return (
    <div className="min-h-screen">
      <SkipLink />
      <header className="fixed inset-x-0 top-0 z-40 flex h-16 items-center gap-2 border-b bg-card px-3 sm:px-4">
        <Button
          ref={toggleRef}
          variant="ghost"
          size="icon"
          onClick={toggle}
          onPointerEnter={isDesktop ? tooltipModule.preload : undefined}
          onFocus={isDesktop ? tooltipModule.preload : undefined}
          aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
          aria-expanded={open}
          aria-controls="app-sidebar"
        >
          {open ? <PanelLeftClose aria-hidden="true" /> : <PanelLeftOpen aria-hidden="true" />}
        </Button>
        <p className="flex min-w-0 items-center gap-2 font-semibold">
          <span className="rounded-md bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">CRS</span>
          <span className="hidden truncate sm:inline">College Resource System</span>
          <InstitutionName settings={institution.data} className="hidden truncate border-l pl-2 font-normal text-muted-foreground lg:inline" />
        </p>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          {bell ?? <NotificationBell />}
          {/* The signed-in person: opens their account page (change password). Named by its text, so
              the visible name is part of the link's name; on a phone, where the name is hidden, it is
              just "Account". */}
          <NavLink
            to={paths.account}
            className="ml-1 flex items-center gap-2 rounded-md p-1 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <span className="sr-only">{PAGES.account.title}</span>
            <div className="hidden text-right leading-tight sm:block">
              <p className="text-sm font-medium" data-testid="user-name">
                {name}
              </p>
              <p className="text-xs text-muted-foreground" data-testid="user-role">
                {role}
              </p>
            </div>
            <UserAvatar name={user?.name} src={user?.avatar} />
          </NavLink>
        </div>
      </header>

      {!isDesktop && drawerOpen ? (
        <div aria-hidden="true" data-testid="sidebar-backdrop" className="fixed inset-0 top-16 z-30 bg-black/50" onClick={() => setDrawerOpen(false)} />
      ) : null}

      <aside
        ref={drawerRef}
        id="app-sidebar"
        aria-label="Sidebar"
        className={cn(
          'fixed bottom-0 left-0 top-16 z-30 flex flex-col border-r bg-card transition-[width,transform] duration-200',
          isDesktop ? (collapsed ? 'w-16' : 'w-64') : 'z-40 w-64',
          !isDesktop && !drawerOpen && 'invisible -translate-x-full',
        )}
      >
        <SidebarTooltips tips={tips}>
          <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
            <ul className="grid gap-1">
              {items.map((item) => (
                <li key={item.to}>
                  <SidebarLink item={item} collapsed={collapsed} tips={tips} onNavigate={() => !isDesktop && setDrawerOpen(false)} />
                </li>
              ))}
            </ul>
          </nav>
          <div className="border-t p-2">
            <SidebarButton
              collapsed={collapsed}
              tips={tips}
              label="Logout"
              onIntent={logoutDialog.preload}
              onClick={() => {
                setLogoutOpen(true);
                logoutDialog.preload(); // again after a failed download
              }}
            />
          </div>
        </SidebarTooltips>
      </aside>

      {/* Behind the open drawer the page takes no focus or clicks (the drawer is modal there). */}
      <main key={timeZone} id={MAIN_ID} tabIndex={-1} inert={drawerModal} className={cn('pb-10 pr-4 pt-20 outline-none transition-[padding] duration-200 sm:pr-6', isDesktop ? (collapsed ? 'pl-22' : 'pl-70') : 'pl-4 sm:pl-6')}>
        {children}
      </main>

      {logoutModule ? <logoutModule.LogoutDialog open={logoutOpen} onOpenChange={setLogoutOpen} /> : null}
    </div>
  );
}

/** Shares one delay among the collapsed sidebar's tooltips (moving from one entry to the next opens at once). */
function SidebarTooltips({ tips, children }: { tips: Tooltips | null; children: ReactNode }) {
  if (!tips) return children;
  return <tips.TooltipProvider delayDuration={SIDEBAR_TOOLTIP_DELAY_MS}>{children}</tips.TooltipProvider>;
}

/** The collapsed sidebar's label beside its icon, on hover and on keyboard focus. */
function WithTooltip({ tips, label, children }: { tips: Tooltips | null; label: string; children: ReactElement }) {
  if (!tips) return children;
  return (
    <tips.Tooltip>
      <tips.TooltipTrigger asChild>{children}</tips.TooltipTrigger>
      <tips.TooltipContent side="right">{label}</tips.TooltipContent>
    </tips.Tooltip>
  );
}

const linkClass =
  'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5 [&_svg]:shrink-0';

function SidebarLink({ item, collapsed, tips, onNavigate }: { item: NavItem; collapsed: boolean; tips: Tooltips | null; onNavigate: () => void }) {
  const Icon = item.icon;
  return (
    <WithTooltip tips={tips} label={item.label}>
      <NavLink
        to={item.to}
        end={item.label === DASHBOARD_ENTRY}
        onClick={onNavigate}
        className={({ isActive }) => cn(linkClass, isActive && 'bg-accent text-accent-foreground')}
      >
        <Icon aria-hidden="true" />
        <span className={cn(collapsed && 'sr-only')}>{item.label}</span>
      </NavLink>
    </WithTooltip>
  );
}

function SidebarButton({ label, collapsed, tips, onClick, onIntent }: { label: string; collapsed: boolean; tips: Tooltips | null; onClick: () => void; onIntent: () => void }) {
  return (
    <WithTooltip tips={tips} label={label}>
      <button type="button" onClick={onClick} onPointerEnter={onIntent} onFocus={onIntent} className={cn(linkClass, 'w-full')}>
        <LogOut aria-hidden="true" />
        <span className={cn(collapsed && 'sr-only')}>{label}</span>
      </button>
    </WithTooltip>
  );
}
