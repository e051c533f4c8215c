import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { parentPort, workerData } from 'node:worker_threads';
import type { AppConfig } from '@lorawatch/config/app-config';
import { Metrics } from '@lorawatch/ops/metrics';
import { READINESS, type Readiness } from '@lorawatch/ops/readiness';
import { createWorkerApp } from '@lorawatch/processes/worker-app';
import { THREAD_RUNTIMES, type ThreadRole, type ToParent, type ToThread } from './thread-protocol';

/**
 * One thread of the standalone console: the collector, detector or projector runtime, exactly as its scale-out
 * process runs it, on the same embedded file. The console's main thread serves /health and /metrics for it.
 */
async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('thread-main runs as a worker thread of the standalone console');
  const data = workerData as { role: ThreadRole; config: AppConfig };
  const role = data.role;
  // The main thread's configuration, as it was validated there; a Buffer arrives as a plain Uint8Array.
  const config: AppConfig = { ...data.config, secretKey: Buffer.from(data.config.secretKey) };
  const tell = (message: ToParent): void => port.postMessage(message);
  const context: INestApplicationContext = await createWorkerApp(
    config,
    { runtime: THREAD_RUNTIMES[role] },
    role,
    { opsServer: false },
  );
  const readiness = context.get<Readiness>(READINESS);
  const metrics = context.get(Metrics);
  port.on('message', (message: ToThread) => {
    if (message.type === 'stop') {
      void context.close().finally(() => {
        tell({ type: 'stopped' });
        port.close();
      });
    } else if (message.type === 'metrics') {
      readiness
        .refreshGauges()
        .then(() => metrics.registry.getMetricsAsJSON())
        .then((json) => tell({ type: 'metrics', id: message.id, metrics: json }))
        .catch(() => tell({ type: 'metrics', id: message.id, metrics: [] }));
    }
  });
  tell({ type: 'ready' });
  // The console's main thread answers /health for this thread too: it hears which consumers are down.
  let lastDown = '[]';
  const watch = setInterval(() => {
    const down = metrics.consumers.downWorkers();
    const text = JSON.stringify(down);
    if (text === lastDown) return;
    lastDown = text;
    tell({ type: 'health', down });
  }, HEALTH_INTERVAL_MS);
  watch.unref();
}

/** How often a thread looks whether its consumers' health changed. */
const HEALTH_INTERVAL_MS = 500;

main().catch((error: unknown) => {
  // The main thread logs the exit and starts the thread again.
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
