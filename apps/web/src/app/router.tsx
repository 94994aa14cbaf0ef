import { createBrowserRouter, RouterProvider } from 'react-router';
import { setNavigator } from '@/lib/navigation';
import { routes } from './route-table';

const router = createBrowserRouter(routes);
// The API client's 401/403 redirects go through the router, so they stay inside the single-page app.
setNavigator((to, state) => void router.navigate(to, { state }));

export function AppRouter() {
  return <RouterProvider router={router} />;
}
