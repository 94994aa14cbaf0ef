import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, Link, useNavigate, useMatches, Outlet, Navigate, useLocation, useSearchParams, useRouteError, isRouteErrorResponse } from 'react-router';
function P() { const n = useNavigate(); useMatches(); useLocation(); useSearchParams(); const e = useRouteError(); return <div onClick={() => n('/x')}><Link to="/a">a</Link>{isRouteErrorResponse(e) ? 1 : 2}<Outlet /><Navigate to="/" /></div>; }
const r = createBrowserRouter([{ path: '/', element: <P />, lazy: async () => ({}) }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={r} />);
