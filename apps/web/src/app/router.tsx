import { BrowserRouter } from 'react-router';
import { AppRoutes } from './route-table';

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
