import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './route-table';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Declarative mode (BrowserRouter + useRoutes), not a data router: the screens load their data with
 * TanStack Query, and createBrowserRouter would add ~17 kB gzip of loader machinery to every screen.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
