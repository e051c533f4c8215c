import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import './toasts.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { useEffect, type ReactNode } from 'react';
import type { Services } from '../lib/services';
import { ServicesProvider } from '../lib/services-context';
import { cssVariablesResolver, testTheme, theme } from './theme';

export interface AppProvidersProps {
  services: Services;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals in unit tests. */
  env?: 'default' | 'test';
}

export function AppProviders({ services, children, env = 'default' }: AppProvidersProps) {
  useEffect(() => {
    const running = services.start();
    return () => running.unsubscribe();
  }, [services]);

  return (
    <MantineProvider
      theme={env === 'test' ? testTheme : theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      {/*
        Toasts (new alerts, new notifications) top-right, gone after 3000 ms (docs/console.md §9): below the header
        (toasts.css), so they never cover the bell or the user menu, and at most three at a time.
      */}
      <Notifications position="top-right" autoClose={3000} limit={3} />
      <DatesProvider settings={{ firstDayOfWeek: 0 }}>
        <ServicesProvider services={services}>{children}</ServicesProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
