import type { INestApplicationContext } from '@nestjs/common';
import type { Response } from 'supertest';
import { seedWorld, type SeededWorld } from './seed-world';

interface HttpLike {
  post(path: string): {
    set(headers: Record<string, string>): { send(body: object): PromiseLike<Response> };
  };
  get(path: string): { set(headers: Record<string, string>): PromiseLike<Response> };
}

/**
 * Creates a data source through the API (pointing at a running MQTT broker), waits until it connects, and seeds
 * the inventory world into it: the common start of the inventory, tags and network overview specifications.
 */
export async function dataSourceWithWorld(
  app: INestApplicationContext,
  http: HttpLike,
  adminToken: string,
  brokerPort: number,
): Promise<SeededWorld> {
  const auth = { Authorization: `Bearer ${adminToken}` };
  const created = await http.post('/api/v1.0/data_collectors').set(auth).send({
    name: 'Field network',
    data_collector_type_id: 1,
    policy_id: 1,
    ip: '127.0.0.1',
    port: brokerPort,
  });
  if (created.status !== 200) throw new Error(`data source not created: ${JSON.stringify(created.body)}`);
  const dataSourceId = (created.body as { id: number }).id;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await http.get(`/api/v1.0/data_collectors/${dataSourceId}`).set(auth);
    if ((response.body as { status?: string }).status === 'CONNECTED') break;
    if (Date.now() > deadline) throw new Error('the data source did not connect');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return seedWorld(app, 1, dataSourceId);
}
