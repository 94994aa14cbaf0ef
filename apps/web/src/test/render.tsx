import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/route-table';
import { setNavigator } from '@/lib/navigation';

/** Renders the whole app (providers, real route table, toasts) at `path`, in a memory router. */
export function renderApp(path: InitialEntry = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, state) => void router.navigate(to, { state }));
  const utils = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router };
}
