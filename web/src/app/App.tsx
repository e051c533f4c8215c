import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import type { Services } from '../lib/services';
import { AppProviders } from './AppProviders';
import { routes } from './routes';

export function App({ services }: { services: Services }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
