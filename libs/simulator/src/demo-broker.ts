import { Worker } from 'node:worker_threads';

export interface DemoBroker {
  port: number;
  close(): Promise<void>;
}

export interface DemoBrokerOptions {
  /** Default 127.0.0.1: the demo network is for this machine only. */
  host?: string;
}

type BrokerReport =
  { type: 'listening'; port: number } | { type: 'closed' } | { type: 'error'; message: string };

/**
 * Runs in a worker thread. aedes 1.x is an ES module: plain Node ≥ 20.19 could require() it, but jest's
 * module registry cannot (before Node 24.9), and the app's tests and demo mode must share one broker. A
 * worker has Node's own loader, so `import()` works everywhere; the broker also gets its own event loop.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { pathToFileURL } = require('node:url');
const report = (message) => parentPort.postMessage(message);
(async () => {
  const { Aedes } = await import(pathToFileURL(workerData.aedesPath).href);
  const broker = await Aedes.createBroker();
  const server = net.createServer((socket) => broker.handle(socket));
  server.on('error', (error) => report({ type: 'error', message: error.message }));
  server.listen(workerData.port, workerData.host, () => report({ type: 'listening', port: server.address().port }));
  parentPort.on('message', (message) => {
    if (message !== 'close') return;
    server.close();
    broker.close(() => report({ type: 'closed' }));
  });
})().catch((error) => report({ type: 'error', message: String((error && error.stack) || error) }));
`;

/** An in-process MQTT broker (aedes, in-memory persistence) on a TCP port; port 0 picks a free one. */
export async function startDemoBroker(port: number, options: DemoBrokerOptions = {}): Promise<DemoBroker> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { aedesPath: require.resolve('aedes'), port, host: options.host ?? '127.0.0.1' },
  });
  const listeningPort = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`demo broker worker exited with code ${code}`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.on('message', (report: BrokerReport) => {
      if (report.type === 'listening') {
        worker.off('exit', onExit);
        resolve(report.port);
      } else if (report.type === 'error') {
        reject(new Error(`demo broker: ${report.message}`));
      }
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      worker.on('message', (report: BrokerReport) => {
        if (report.type === 'closed') resolve();
      });
      worker.once('exit', () => resolve());
      worker.postMessage('close');
    }).then(async () => {
      await worker.terminate();
    });
    return closing;
  };
  return { port: listeningPort, close };
}
