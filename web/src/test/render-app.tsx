import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';
import { routes } from '../app/routes';
import { createServices, type Services } from '../lib/services';
import { createFakeFetch, type FakeRoute } from './fake-fetch';
import { FakeSocket } from './fake-socket';

export interface TestApp {
  services: Services;
  sockets: FakeSocket[];
  requests: ReturnType<typeof createFakeFetch>['requests'];
  router: ReturnType<typeof createMemoryRouter>;
}

/** Renders the whole app at `path` over a fake backend (fetch routes) and fake sockets. */
export function renderApp(path: string, backend: Record<string, FakeRoute> = {}): TestApp {
  const { fetch, requests } = createFakeFetch(backend);
  const sockets: FakeSocket[] = [];
  const services = createServices({
    storage: window.localStorage,
    fetch,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders services={services} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { services, sockets, requests, router };
}
