import { isValidPassword } from '@lorawatch/domain/password-rule';
import { isValidCidr } from './cidr';
import { readEngineUrls, usesServers, type EngineUrls } from './engine-urls';
import { availableParallelism, hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Configuration, read once from the environment at start-up, validated, then injected. */
export interface AppConfig {
  port: number;
  /** Address the API listens on (HOST): 0.0.0.0 (every interface) by default, 127.0.0.1 to stay local. */
  host: string;
  /**
   * Express' `trust proxy` (TRUST_PROXY): false (default) = the client address is the peer's; a number of hops, or
   * a list of proxy addresses (CIDR or names such as `loopback`) whose X-Forwarded-For is believed.
   */
  trustProxy: boolean | number | string[];
  /** /metrics on a port of its own (and then not on the API's port); null = on the API's port. */
  metricsPort: number | null;
  /** Bearer token /metrics then requires; null = open (as before). */
  metricsToken: string | null;
  dataDir: string;
  databaseFile: string;
  admin: { username: string | null; password: string | null; email: string | null };
  /** 'auto' = on while no data source other than the demo's exists. */
  demo: 'on' | 'off' | 'auto';
  demoMqttPort: number;
  demoRate: number;
  jwtSecret: string;
  /** 32-byte key for data-source secrets at rest (AES-256-GCM). */
  secretKey: Buffer;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  packetLogPartitions: number;
  /** Seconds between two looks for silent devices and gateways and for timed-out issues; 0 = never. */
  detectorTickSeconds: number;
  webDir: string;
  /** SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL); null = no mail. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Public address of the console, for the links mails carry (activation, recovery, email change). */
  publicUrl: string;
  /** reCAPTCHA of self sign-up and password recovery; no secret = the console's placeholder token is accepted. */
  recaptcha: { secret: string | null; verifyUrl: string };
  /** Requests per client IP within the sliding window; 0 turns a limit off. */
  rateLimits: { windowSeconds: number; login: number; register: number; passwordRecovery: number };
  /** Other origins (scheme://host[:port]) whose pages may call the API and the websocket; empty = same origin only. */
  corsOrigins: string[];
  /** Maplibre style of the console's maps; its origin is allowed by the Content-Security-Policy. Null: no tiles. */
  mapStyleUrl: string | null;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** `pretty`: readable lines for a terminal; `json`: one JSON object per line for log collectors. */
  logFormat: 'pretty' | 'json';
  /**
   * The standalone console runs its collector, detector and projector each in a worker thread of its own (true),
   * or all four runtimes on one thread (false: tests, machines with one core).
   */
  standaloneThreads: boolean;
  /** Engines behind the ports: embedded SQLite unless a server URL is set. */
  engines: EngineUrls;
  /**
   * Replication of the Kafka topic `packets` when a process creates it (KAFKA_REPLICATION_FACTOR,
   * KAFKA_MIN_INSYNC_REPLICAS); null = chosen from the cluster: three copies (as many as there are brokers when
   * fewer), two of them in sync for an append to count when there are three or more. One broker gets 1 and 1.
   */
  kafkaReplication: { replicationFactor: number | null; minInsyncReplicas: number | null };
  /** TLS and SASL of the packet log's connections to Kafka (KAFKA_SSL, KAFKA_SSL_CA_FILE, KAFKA_SASL_*). */
  kafkaSecurity: KafkaSecurity;
  /** Port of /health and /metrics of the processes that serve no API (collector, detector, projector). */
  opsPort: number;
  /** This process among its replicas (collector leases, logs); the host name unless INSTANCE_ID is set. */
  instanceId: string;
  /** How long a collector's hold on a data source lasts without renewal. */
  collectorLeaseSeconds: number;
  /** Worker threads of the AppKey audit's search pool. */
  keyAuditThreads: number;
  /** Pending AppKey audits kept at most; beyond, the oldest are dropped (and counted). */
  keyAuditQueueLimit: number;
  /**
   * CIDR ranges outbound connections (data sources, TTN, webhooks) may reach beyond the defaults (`EGRESS_ALLOW`):
   * loopback and private ranges are closed by default once several organisations share the server.
   */
  egressAllow: string[];
}

/** The SASL mechanisms the packet log can authenticate to Kafka with (KAFKA_SASL_MECHANISM). */
export const KAFKA_SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;
export type KafkaSaslMechanism = (typeof KAFKA_SASL_MECHANISMS)[number];

/** How the packet log connects to the brokers: plain text (the default), TLS, SASL, or both. */
export interface KafkaSecurity {
  /** TLS to the brokers: KAFKA_SSL=true, or a KAFKA_SSL_CA_FILE. */
  ssl: boolean;
  /** PEM of the CA that signed the brokers' certificates, read from KAFKA_SSL_CA_FILE at start; null = Node's CAs. */
  ca: string | null;
  /** KAFKA_SASL_MECHANISM with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD; null = no authentication. */
  sasl: { mechanism: KafkaSaslMechanism; username: string; password: string } | null;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** One core is left to ingest, detection and the API; a single core still gets one search thread. */
export const defaultKeyAuditThreads = (): number => Math.max(1, availableParallelism() - 1);
export const DEFAULT_KEY_AUDIT_QUEUE_LIMIT = 10_000;

function integer(
  env: Env,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/** KAFKA_REPLICATION_FACTOR and KAFKA_MIN_INSYNC_REPLICAS: unset = chosen from the cluster when the topic is created. */
export function readKafkaReplication(env: Env, problems: string[]): AppConfig['kafkaReplication'] {
  const optional = (name: string): number | null =>
    env[name] === undefined || env[name] === '' ? null : integer(env, name, 0, 1, 32, problems) || null;
  const replicationFactor = optional('KAFKA_REPLICATION_FACTOR');
  const minInsyncReplicas = optional('KAFKA_MIN_INSYNC_REPLICAS');
  if (replicationFactor !== null && minInsyncReplicas !== null && minInsyncReplicas > replicationFactor)
    problems.push(
      `KAFKA_MIN_INSYNC_REPLICAS (${minInsyncReplicas}) cannot exceed KAFKA_REPLICATION_FACTOR (${replicationFactor})`,
    );
  return { replicationFactor, minInsyncReplicas };
}

/**
 * KAFKA_SSL (true or false, default false), KAFKA_SSL_CA_FILE (a PEM file, read now; implies TLS), and
 * KAFKA_SASL_MECHANISM with KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD. Problems name the setting, never the password.
 */
export function readKafkaSecurity(env: Env, problems: string[]): KafkaSecurity {
  const sslRaw = env.KAFKA_SSL?.trim().toLowerCase() ?? '';
  if (!['', 'true', 'false'].includes(sslRaw))
    problems.push(`KAFKA_SSL must be true or false (got "${env.KAFKA_SSL}")`);
  const caFile = env.KAFKA_SSL_CA_FILE?.trim() || null;
  let ca: string | null = null;
  if (caFile !== null) {
    if (sslRaw === 'false')
      problems.push('KAFKA_SSL_CA_FILE needs TLS: set KAFKA_SSL to true, or leave it unset');
    ca = readCaFile(caFile, problems);
  }

  const mechanismRaw = env.KAFKA_SASL_MECHANISM?.trim() ?? '';
  const username = env.KAFKA_SASL_USERNAME?.trim() ?? '';
  const password = env.KAFKA_SASL_PASSWORD ?? '';
  let sasl: KafkaSecurity['sasl'] = null;
  if (mechanismRaw === '') {
    const given = [
      ...(username !== '' ? ['KAFKA_SASL_USERNAME'] : []),
      ...(password !== '' ? ['KAFKA_SASL_PASSWORD'] : []),
    ];
    if (given.length > 0)
      problems.push(
        `${given.join(' and ')} ${given.length > 1 ? 'are' : 'is'} set without KAFKA_SASL_MECHANISM (${mechanismList()})`,
      );
  } else {
    const mechanism = KAFKA_SASL_MECHANISMS.find((known) => known === mechanismRaw.toLowerCase());
    if (mechanism === undefined)
      problems.push(`KAFKA_SASL_MECHANISM must be ${mechanismList()} (got "${mechanismRaw}")`);
    if (username === '') problems.push('KAFKA_SASL_USERNAME must be set with KAFKA_SASL_MECHANISM');
    if (password === '') problems.push('KAFKA_SASL_PASSWORD must be set with KAFKA_SASL_MECHANISM');
    if (mechanism !== undefined && username !== '' && password !== '')
      sasl = { mechanism, username, password };
  }
  return { ssl: sslRaw === 'true' || caFile !== null, ca, sasl };
}

const mechanismList = (): string =>
  `${KAFKA_SASL_MECHANISMS.slice(0, -1).join(', ')} or ${KAFKA_SASL_MECHANISMS[KAFKA_SASL_MECHANISMS.length - 1]}`;

/** The CA file's text, or null and a problem naming the file when it cannot be read or holds no PEM certificate. */
function readCaFile(file: string, problems: string[]): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    problems.push(`KAFKA_SSL_CA_FILE "${file}" cannot be read (${code})`);
    return null;
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    problems.push(`KAFKA_SSL_CA_FILE "${file}" holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
    return null;
  }
  return text;
}

/** A secret given in the environment, or generated once and kept in DATA_DIR so restarts keep sessions and data. */
function persistentSecret(dataDir: string, fileName: string, given: string | undefined): string {
  if (given) return given;
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const dataDir = resolve(env.DATA_DIR || './data');
  const port = integer(env, 'PORT', 8080, 1, 65535, problems);
  const host = env.HOST?.trim() || '0.0.0.0';
  if (isIP(host) === 0 && !/^[a-zA-Z0-9.-]+$/.test(host))
    problems.push(`HOST must be an address such as 0.0.0.0, 127.0.0.1 or :: (got "${host}")`);
  const trustProxy = readTrustProxy(env.TRUST_PROXY, problems);
  const metricsPortRaw = integer(env, 'METRICS_PORT', 0, 1, 65535, problems);
  const metricsPort = metricsPortRaw === 0 ? null : metricsPortRaw;
  if (metricsPort !== null && metricsPort === port) problems.push('METRICS_PORT must differ from PORT');
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken !== null && metricsToken.length < 16)
    problems.push('METRICS_TOKEN must have at least 16 characters');
  const demoMqttPort = integer(env, 'DEMO_MQTT_PORT', 1884, 1, 65535, problems);
  const demoRate = integer(env, 'DEMO_RATE', 2, 1, 10000, problems);
  const partitions = integer(env, 'PACKET_LOG_PARTITIONS', 4, 1, 256, problems);
  const detectorTickSeconds = integer(env, 'DETECTOR_TICK_SECONDS', 60, 0, 3600, problems);
  const accessTokenSeconds = integer(env, 'ACCESS_TOKEN_SECONDS', 3600, 60, 86400, problems);
  const refreshTokenSeconds = integer(env, 'REFRESH_TOKEN_SECONDS', 30 * 86400, 600, 365 * 86400, problems);

  const demoRaw = env.DEMO ?? '';
  const demo = demoRaw === '1' ? 'on' : demoRaw === '0' ? 'off' : demoRaw === '' ? 'auto' : null;
  if (demo === null) problems.push(`DEMO must be 1 or 0 (got "${demoRaw}")`);

  const logLevel = (env.LOG_LEVEL || 'log') as AppConfig['logLevel'];
  if (!['error', 'warn', 'log', 'debug'].includes(logLevel))
    problems.push('LOG_LEVEL must be error, warn, log or debug');
  const logFormat = (env.LOG_FORMAT || 'pretty') as AppConfig['logFormat'];
  if (!['pretty', 'json'].includes(logFormat)) problems.push('LOG_FORMAT must be pretty or json');
  const threadsRaw = env.STANDALONE_THREADS ?? '1';
  if (!['0', '1'].includes(threadsRaw)) problems.push('STANDALONE_THREADS must be 1 or 0');

  const adminUsername = env.ADMIN_USERNAME?.trim().toLowerCase() || null;
  if (adminUsername && !/^[a-z0-9._-]{3,32}$/.test(adminUsername)) {
    problems.push(
      'ADMIN_USERNAME must be 3 to 32 characters: letters a-z, digits, periods, hyphens or underscores',
    );
  }
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminPassword && !isValidPassword(adminPassword)) {
    problems.push(
      'ADMIN_PASSWORD must have 8 to 50 characters with an uppercase, a lowercase, a number and a special character, and no white space',
    );
  }
  const adminEmail = env.ADMIN_EMAIL?.trim() || null;
  if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail))
    problems.push('ADMIN_EMAIL is not a valid email');

  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/.test(smtpUrl))
    problems.push('SMTP_URL must start with smtp:// or smtps://');
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicUrl)) problems.push('PUBLIC_URL must start with http:// or https://');

  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter((origin) => origin !== '');
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      problems.push(`CORS_ORIGINS must list origins such as https://console.example.com (got "${origin}")`);
  }

  const mapStyleUrl = env.MAP_STYLE_URL?.trim() || null;
  if (mapStyleUrl && !/^https?:\/\/[^/]+/.test(mapStyleUrl))
    problems.push('MAP_STYLE_URL must start with http:// or https://');

  const recaptchaVerifyUrl =
    env.RECAPTCHA_VERIFY_URL?.trim() || 'https://www.google.com/recaptcha/api/siteverify';
  if (!/^https?:\/\/[^/]+/.test(recaptchaVerifyUrl))
    problems.push('RECAPTCHA_VERIFY_URL must start with http:// or https://');
  const rateLimits = {
    windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86400, problems),
    login: integer(env, 'RATE_LIMIT_LOGIN', 30, 0, 100000, problems),
    register: integer(env, 'RATE_LIMIT_REGISTER', 10, 0, 100000, problems),
    passwordRecovery: integer(env, 'RATE_LIMIT_PASSWORD_RECOVERY', 10, 0, 100000, problems),
  };

  if (env.SECRET_KEY && !/^[0-9a-fA-F]{64}$/.test(env.SECRET_KEY))
    problems.push('SECRET_KEY must be 64 hex characters');
  const engines = readEngineUrls(env, problems);
  // Processes that share servers must sign tokens and seal secrets alike: a secret generated per process would not do.
  if (usesServers(engines)) {
    if (!env.JWT_SECRET) problems.push('JWT_SECRET must be set when the engines run on servers');
    if (!env.SECRET_KEY) problems.push('SECRET_KEY must be set when the engines run on servers');
  }
  const kafkaReplication = readKafkaReplication(env, problems);
  const kafkaSecurity = readKafkaSecurity(env, problems);
  const opsPort = integer(env, 'OPS_PORT', 9464, 1, 65535, problems);
  const collectorLeaseSeconds = integer(env, 'COLLECTOR_LEASE_SECONDS', 30, 5, 3600, problems);
  const instanceId = env.INSTANCE_ID?.trim() || `${hostname()}-${process.pid}`;
  const keyAuditThreads = integer(env, 'KEY_AUDIT_THREADS', defaultKeyAuditThreads(), 1, 256, problems);
  const keyAuditQueueLimit = integer(
    env,
    'KEY_AUDIT_QUEUE_LIMIT',
    DEFAULT_KEY_AUDIT_QUEUE_LIMIT,
    1,
    10_000_000,
    problems,
  );
  const egressAllow = (env.EGRESS_ALLOW ?? '')
    .split(',')
    .map((cidr) => cidr.trim())
    .filter((cidr) => cidr !== '');
  for (const cidr of egressAllow) {
    if (!isValidCidr(cidr))
      problems.push(`EGRESS_ALLOW must list CIDR ranges such as 10.0.0.0/8 or fd00::/8 (got "${cidr}")`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  // Owner-only: the folder keeps the secrets and the database (openDatabase tightens an older one).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return {
    port,
    host,
    trustProxy,
    metricsPort,
    metricsToken,
    dataDir,
    databaseFile: join(dataDir, 'lorawatch.db'),
    admin: { username: adminUsername, password: adminPassword, email: adminEmail },
    demo: demo ?? 'auto',
    demoMqttPort,
    demoRate,
    jwtSecret: persistentSecret(dataDir, 'jwt-secret', env.JWT_SECRET),
    secretKey: Buffer.from(persistentSecret(dataDir, 'secret-key', env.SECRET_KEY), 'hex'),
    accessTokenSeconds,
    refreshTokenSeconds,
    packetLogPartitions: partitions,
    detectorTickSeconds,
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'LoRaWatch <no-reply@localhost>',
    publicUrl,
    recaptcha: { secret: env.RECAPTCHA_SECRET?.trim() || null, verifyUrl: recaptchaVerifyUrl },
    rateLimits,
    corsOrigins,
    mapStyleUrl,
    webDir: env.WEB_DIR ? resolve(env.WEB_DIR) : findWebDir(),
    logLevel,
    logFormat,
    standaloneThreads: threadsRaw !== '0',
    engines,
    kafkaReplication,
    kafkaSecurity,
    opsPort,
    instanceId,
    collectorLeaseSeconds,
    keyAuditThreads,
    keyAuditQueueLimit,
    egressAllow,
  };
}

/**
 * TRUST_PROXY: unset, `0` or `false` = off; `true` = every proxy (only behind one that overwrites the header); a hop
 * count; or a comma-separated list of proxy addresses, CIDR ranges or Express' names (loopback, linklocal,
 * uniquelocal).
 */
function readTrustProxy(raw: string | undefined, problems: string[]): AppConfig['trustProxy'] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32) problems.push(`TRUST_PROXY must be a hop count from 0 to 32 (got "${value}")`);
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
    const width = isIP(address) === 4 ? 32 : 128;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= width);
    if (!named && (isIP(address) === 0 || !validBits || extra !== undefined))
      problems.push(
        `TRUST_PROXY must be off, a hop count, or a list of proxy addresses or CIDR ranges (got "${entry}")`,
      );
  }
  return entries;
}

/** The built console: beside the sources (ts) or the compiled output (dist), or under the working directory. */
function findWebDir(): string {
  const candidates = [
    join(__dirname, '../../../web/dist'),
    join(__dirname, '../../../../web/dist'),
    resolve('web/dist'),
  ];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[candidates.length - 1];
}
