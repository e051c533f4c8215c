import mqtt from 'mqtt';
import { startDemoBroker } from './demo-broker';

describe('startDemoBroker', () => {
  it('relays QoS 1 messages on a free port and frees the port on close', async () => {
    const broker = await startDemoBroker(0);
    const url = `mqtt://127.0.0.1:${broker.port}`;
    const subscriber = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    await subscriber.subscribeAsync('gateway/+/event/up', { qos: 1 });
    const received = new Promise<string>((resolve) =>
      subscriber.once('message', (_topic, payload) => resolve(payload.toString())),
    );
    const publisher = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    await publisher.publishAsync('gateway/0000000000000001/event/up', 'hello', { qos: 1 });
    expect(await received).toBe('hello');
    await Promise.all([subscriber.endAsync(), publisher.endAsync()]);
    await broker.close();

    const again = await startDemoBroker(broker.port);
    expect(again.port).toBe(broker.port);
    await again.close();
  });

  it('fails clearly when the port is taken', async () => {
    const broker = await startDemoBroker(0);
    await expect(startDemoBroker(broker.port)).rejects.toThrow(/EADDRINUSE/);
    await broker.close();
  });
});
