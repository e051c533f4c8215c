import type { DownWorker } from './supervision';

/** What /health reports; the app's runtime fills it in as it starts. */
export interface Readiness {
  status(): { ready: boolean; status: 'starting' | 'ready' | 'stopping'; details: Record<string, unknown> };
  /** Updates the gauges that are read from the engines (positions, lags) just before a scrape. */
  refreshGauges(): Promise<void>;
  /** The Prometheus text, where the process gathers it from more than its own registry (threads). */
  metricsText?(): Promise<string>;
  /** Consumers that are down in parts of the process with their own metrics (the standalone's threads). */
  downElsewhere?(): DownWorker[];
}

export const READINESS = Symbol('READINESS');
