import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../bench/support/free-port';

export interface StandaloneProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGKILL: no shutdown hook runs (a crash). */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export type ProcessApp = 'standalone' | 'api' | 'collector' | 'detector' | 'projector';

/** The built standalone server as a child process, waited for until /health answers 200. */
export function startStandalone(env: Record<string, string>, port?: number): Promise<StandaloneProcess> {
  return startProcess('standalone', env, port);
}

/**
 * A built process of the product (`dist/apps/<app>/main.js`) as a child process, waited for until its /health
 * answers 200: on PORT for those that serve the API, on OPS_PORT for the others. `url` is that server's.
 */
export async function startProcess(
  app: ProcessApp,
  env: Record<string, string>,
  port?: number,
): Promise<StandaloneProcess> {
  const httpPort = port ?? (await freePort());
  const portVariable = app === 'standalone' || app === 'api' ? 'PORT' : 'OPS_PORT';
  const child = spawn(process.execPath, [join(__dirname, `../../dist/apps/${app}/main.js`)], {
    env: { ...process.env, [portVariable]: String(httpPort), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${httpPort}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${app} exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the ${app} did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
