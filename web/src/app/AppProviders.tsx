import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import type { Services } from '../lib/services';
import { ServicesProvider } from '../lib/services-context';
import { theme } from './theme';

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
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <ServicesProvider services={services}>{children}</ServicesProvider>
    </MantineProvider>
  );
}
