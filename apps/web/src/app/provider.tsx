import type { CSSProperties, ReactNode } from 'react';
import { ErrorBoundary } from '@/components/layout/error-screen';
import { TOAST_LIMIT, TOAST_MAX_WIDTH_PX } from '@/config/env';
import { AuthProvider } from '@/lib/auth';
import { ThemeProvider, useTheme } from '@/lib/theme';
import { DeferredToaster } from '@/lib/toast';

function ThemedToaster() {
  const { resolved } = useTheme();
  return (
    <DeferredToaster
      theme={resolved}
      position="bottom-right"
      closeButton
      visibleToasts={TOAST_LIMIT}
      style={{ '--width': `${TOAST_MAX_WIDTH_PX}px` } as CSSProperties}
      toastOptions={{ style: { maxWidth: TOAST_MAX_WIDTH_PX } }}
    />
  );
}

/** App-wide providers: error boundary, theme, session, toasts. Server-state caching starts in the guarded layout. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <ThemeProvider>
        <AuthProvider>
          {children}
          <ThemedToaster />
        </AuthProvider>
      </ThemeProvider>
    </ErrorBoundary>
  );
}
