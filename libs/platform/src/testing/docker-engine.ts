import { spawnSync } from 'node:child_process';

export type DockerEngine = { ok: true } | { ok: false; reason: string };

/**
 * Whether a Docker engine answers: asked synchronously (`docker info`), so that a test file can decide when jest
 * loads it whether its server-backed tests run or are reported as skipped.
 */
export function dockerEngine(): DockerEngine {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
    encoding: 'utf8',
    timeout: 15_000,
  });
  if (info.error || info.status !== 0) {
    return { ok: false, reason: `docker info failed: ${firstLine(info.error?.message ?? info.stderr)}` };
  }
  return { ok: true };
}

export function firstLine(text: string | null | undefined): string {
  const line = (text ?? '').split('\n').find((candidate) => candidate.trim() !== '');
  return line?.trim() ?? 'no output';
}

export interface StartedServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The server an adapter's contract suite runs against: the one named by an environment variable when it is set,
 * otherwise one started on this machine when the suite has a way to (`local`), otherwise a throwaway container
 * when a Docker engine answers (testcontainers), otherwise none, with the reason the suite reports as
 * `skipped: ...`.
 */
export interface ServerUnderTest {
  /** Set when the suite cannot run here. */
  readonly skipReason: string | undefined;
  /** The server's URL, starting the container on first use. */
  url(): Promise<string>;
  /** Stops the container, if one was started. */
  stop(): Promise<void>;
}

export function serverUnderTest(options: {
  /** e.g. MONGODB_URL */
  envName: string;
  /** e.g. "a MongoDB replica set" */
  what: string;
  env?: Record<string, string | undefined>;
  docker?: () => DockerEngine;
  /**
   * A server started on this machine without Docker: `available` is asked synchronously (the skip is decided when
   * jest loads the test file), `start` on first use.
   */
  local?: { available: () => DockerEngine; start: () => Promise<StartedServer> };
  /** Starts the container (imported lazily: testcontainers loads only where Docker answers). */
  startContainer: () => Promise<StartedServer>;
}): ServerUnderTest {
  const given = (options.env ?? process.env)[options.envName]?.trim();
  if (given) return { skipReason: undefined, url: async () => given, stop: async () => undefined };
  const local = options.local?.available();
  if (options.local && local?.ok) return startedOnFirstUse(options.local.start);
  const docker = (options.docker ?? dockerEngine)();
  if (!docker.ok) {
    const notLocal = local && !local.ok ? `, none can start here (${local.reason})` : '';
    const skipReason = `${options.envName} is not set${notLocal} and no Docker engine answers to start ${options.what} (${docker.reason})`;
    return {
      skipReason,
      url: () => Promise.reject(new Error(`Nothing to test against: ${skipReason}`)),
      stop: async () => undefined,
    };
  }
  return startedOnFirstUse(options.startContainer);
}

function startedOnFirstUse(start: () => Promise<StartedServer>): ServerUnderTest {
  let started: Promise<StartedServer> | null = null;
  return {
    skipReason: undefined,
    url: async () => (await (started ??= start())).url,
    stop: async () => {
      if (started) await (await started).stop();
    },
  };
}
