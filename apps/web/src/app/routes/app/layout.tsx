import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { AccessDenied } from '@/components/layout/access-denied';
import { AppFrame } from '@/components/layout/app-frame';
import { DeniedScreen, RequireAuth } from '@/lib/authorization';
import { queryClient } from '@/lib/query-client';
import { HeaderBell } from './header-bell';

const deniedScreen = <AccessDenied />;

/** Every guarded page: sign-in required, the shared frame, and the server-state cache (loaded with the first guarded page, not on /login). */
export default function AppLayout() {
  return (
    <RequireAuth>
      <QueryClientProvider client={queryClient}>
        <AppFrame bell={<HeaderBell />}>
          <DeniedScreen value={deniedScreen}>
            <Outlet />
          </DeniedScreen>
        </AppFrame>
      </QueryClientProvider>
    </RequireAuth>
  );
}
