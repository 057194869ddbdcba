import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './route-table';

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
