import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { isEgressRefused } from '@lorawatch/platform/egress/egress-policy';
import { type BrokerEndpoint, brokerUrl } from './broker-endpoint';
import { type BrokerTarget, brokerTarget, type EgressCheck } from './broker-target';

/** Outcome of a data source's "test connection", with a message an operator can act on. */
export interface ConnectionTestOutcome {
  type: 'SUCCESS' | 'ERROR' | 'LOGIN_FAILED' | 'TLS_ERROR' | 'TIMEOUT';
  message: string;
}

export type MqttTestOptions = BrokerEndpoint & {
  username?: string;
  password?: string;
  ca?: string;
  cert?: string;
  key?: string;
  topics: readonly string[];
};

/** Connects once with a throw-away client id (never the data source's session), subscribes, and disconnects. */
export async function testMqttConnection(
  options: MqttTestOptions,
  timeoutMs: number,
  egress?: EgressCheck,
): Promise<ConnectionTestOutcome> {
  let target: BrokerTarget;
  try {
    target = await brokerTarget(brokerUrl(options), egress);
  } catch (error) {
    return failure(error);
  }
  const client = mqtt.connect({
    ...target,
    clientId: `lorawatch-test-${randomBytes(6).toString('hex')}`,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: timeoutMs,
    username: options.username,
    password: options.password,
    ca: options.ca,
    cert: options.cert,
    key: options.key,
  });
  try {
    return await new Promise<ConnectionTestOutcome>((resolve) => {
      const timer = setTimeout(
        () => resolve({ type: 'TIMEOUT', message: `Timed out after ${Math.round(timeoutMs / 1000)} s` }),
        timeoutMs,
      );
      const finish = (outcome: ConnectionTestOutcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      client.once('error', (error) => finish(classify(error)));
      client.once('close', () => finish({ type: 'ERROR', message: NOT_A_BROKER }));
      client.once('connect', () => void subscribe(client, options.topics).then(finish));
    });
  } finally {
    client.end(true);
    // A peer that half-closed (not a broker) would otherwise keep this socket open.
    client.stream?.destroy();
  }
}

/** Peers' own words (protocol bytes, banners) never reach the answer: only these coarse reasons do. */
const NOT_A_BROKER = 'Not an MQTT broker';

function failure(error: unknown): ConnectionTestOutcome {
  if (isEgressRefused(error)) return { type: 'ERROR', message: 'The connection was refused by policy' };
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
    return { type: 'ERROR', message: 'Host not found' };
  // brokerUrl's own messages describe the settings given, nothing from the network.
  return { type: 'ERROR', message: error instanceof Error ? error.message : String(error) };
}

async function subscribe(client: MqttClient, topics: readonly string[]): Promise<ConnectionTestOutcome> {
  try {
    const granted = await client.subscribeAsync([...topics], { qos: 1 });
    const refused = granted.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
    if (refused.length > 0)
      return { type: 'ERROR', message: `The broker refused the subscription to ${refused.join(', ')}` };
    return { type: 'SUCCESS', message: `Connected and subscribed to ${topics.length} topic(s)` };
  } catch {
    return { type: 'ERROR', message: 'The subscription failed' };
  }
}

function classify(error: Error & { code?: string | number }): ConnectionTestOutcome {
  const code = error.code;
  if (code === 4 || code === 5 || code === 134 || code === 135)
    return { type: 'LOGIN_FAILED', message: 'The broker refused the credentials' };
  if (typeof code === 'number')
    return { type: 'ERROR', message: `The broker refused the connection (code ${code})` };
  if (typeof code === 'string' && /CERT|SSL|TLS|SELF_SIGNED|DEPTH_ZERO|EPROTO|ALTNAME/.test(code))
    return { type: 'TLS_ERROR', message: 'TLS error' };
  if (/TLS not authori[sz]ed/i.test(error.message)) return { type: 'TLS_ERROR', message: 'TLS error' };
  if (code === 'ECONNREFUSED') return { type: 'ERROR', message: 'Connection refused' };
  if (code === 'ETIMEDOUT') return { type: 'TIMEOUT', message: 'Timed out' };
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
    return { type: 'ERROR', message: 'Host unreachable' };
  return { type: 'ERROR', message: NOT_A_BROKER };
}
