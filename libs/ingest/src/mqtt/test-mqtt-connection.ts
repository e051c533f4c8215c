import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { type BrokerEndpoint, brokerUrl } from './broker-endpoint';

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
): Promise<ConnectionTestOutcome> {
  let url: string;
  try {
    url = brokerUrl(options);
  } catch (error) {
    return { type: 'ERROR', message: error instanceof Error ? error.message : String(error) };
  }
  const client = mqtt.connect(url, {
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
        () =>
          resolve({
            type: 'TIMEOUT',
            message: `No answer from ${url} within ${Math.round(timeoutMs / 1000)} s`,
          }),
        timeoutMs,
      );
      const finish = (outcome: ConnectionTestOutcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      client.once('error', (error) => finish(classify(error, url)));
      client.once('close', () =>
        finish({ type: 'ERROR', message: `The broker at ${url} closed the connection` }),
      );
      client.once('connect', () => void subscribe(client, options.topics).then(finish));
    });
  } finally {
    client.end(true);
  }
}

async function subscribe(client: MqttClient, topics: readonly string[]): Promise<ConnectionTestOutcome> {
  try {
    const granted = await client.subscribeAsync([...topics], { qos: 1 });
    const refused = granted.filter((grant) => grant.qos === 128).map((grant) => grant.topic);
    if (refused.length > 0)
      return { type: 'ERROR', message: `The broker refused the subscription to ${refused.join(', ')}` };
    return { type: 'SUCCESS', message: `Connected and subscribed to ${topics.length} topic(s)` };
  } catch (error) {
    return {
      type: 'ERROR',
      message: `Subscription failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function classify(error: Error & { code?: string | number }, url: string): ConnectionTestOutcome {
  const code = error.code;
  if (
    code === 4 ||
    code === 5 ||
    code === 134 ||
    code === 135 ||
    /not authori[sz]ed|bad user/i.test(error.message)
  ) {
    return { type: 'LOGIN_FAILED', message: `The broker refused the credentials (${error.message})` };
  }
  if (typeof code === 'string' && /CERT|SSL|TLS|SELF_SIGNED|DEPTH_ZERO|EPROTO/.test(code)) {
    return { type: 'TLS_ERROR', message: `TLS failed with ${url}: ${error.message}` };
  }
  if (code === 'ECONNREFUSED') return { type: 'ERROR', message: `Connection refused by ${url}` };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { type: 'ERROR', message: `Host not found: ${url}` };
  return { type: 'ERROR', message: `${url}: ${error.message}` };
}
