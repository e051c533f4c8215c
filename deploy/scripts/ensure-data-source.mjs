// One-shot job of the compose stack and of the Kubernetes demo: signs in as the first admin and registers the
// demo Mosquitto broker as a ChirpStack v3 data source, unless a data source of that name exists already (so a
// restart or a second run changes nothing). Plain Node (fetch), no build step: it runs from the app image.
//
// Environment: API_URL (http://api:8080), ADMIN_USERNAME, ADMIN_PASSWORD, DATA_SOURCE_NAME, MQTT_HOST, MQTT_PORT,
// DATA_SOURCE_TYPE_ID (1 = ChirpStack v3), POLICY_ID (1 = the default policy), WAIT_SECONDS (how long the API
// may take to answer).

const env = process.env;
const apiUrl = (env.API_URL || 'http://api:8080').replace(/\/+$/, '');
const username = env.ADMIN_USERNAME || 'admin';
const password = env.ADMIN_PASSWORD || '';
const name = env.DATA_SOURCE_NAME || 'Mosquitto';
const waitSeconds = Number(env.WAIT_SECONDS || 300);

async function call(method, path, token, body) {
  const response = await fetch(`${apiUrl}/api/v1.0${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? null : JSON.parse(text);
}

// The API may still be catching up (health 503) or the admin not yet seeded: retry until the deadline.
async function signIn() {
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    try {
      const answer = await call('POST', '/login', null, { username, password });
      return answer.access_token;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

async function main() {
  if (!password) throw new Error('ADMIN_PASSWORD is not set');
  const token = await signIn();
  const listed = await call('GET', '/data_collectors', token);
  const existing = listed.data_collectors.find((source) => source.name === name);
  if (existing) {
    console.log(`data source "${name}" exists (id ${existing.id}): nothing to do`);
    return;
  }
  const created = await call('POST', '/data_collectors', token, {
    name,
    description: 'The demo broker of the deployment, fed by the simulator',
    data_collector_type_id: Number(env.DATA_SOURCE_TYPE_ID || 1),
    policy_id: Number(env.POLICY_ID || 1),
    ip: env.MQTT_HOST || 'mosquitto',
    port: Number(env.MQTT_PORT || 1883),
  });
  console.log(`data source "${name}" created (id ${created.id})`);
}

main().catch((error) => {
  console.error(`ensure-data-source: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
