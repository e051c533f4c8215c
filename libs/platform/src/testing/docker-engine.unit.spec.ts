import { serverUnderTest } from './docker-engine';

describe('the server a contract suite runs against', () => {
  const container = () => {
    const calls: string[] = [];
    return {
      calls,
      startContainer: async () => {
        calls.push('start');
        return { url: 'mongodb://127.0.0.1:40000', stop: async () => void calls.push('stop') };
      },
    };
  };

  it('is the one of the environment variable when it is set, without asking Docker', async () => {
    const { calls, startContainer } = container();
    const server = serverUnderTest({
      envName: 'MONGODB_URL',
      what: 'a MongoDB replica set',
      env: { MONGODB_URL: ' mongodb://db:27017/?replicaSet=rs0 ' },
      docker: () => {
        throw new Error('Docker must not be asked');
      },
      startContainer,
    });
    expect(server.skipReason).toBeUndefined();
    expect(await server.url()).toBe('mongodb://db:27017/?replicaSet=rs0');
    await server.stop();
    expect(calls).toEqual([]);
  });

  it('is a container started once, on first use, and stopped at the end when Docker answers', async () => {
    const { calls, startContainer } = container();
    const server = serverUnderTest({
      envName: 'MONGODB_URL',
      what: 'a MongoDB replica set',
      env: {},
      docker: () => ({ ok: true }),
      startContainer,
    });
    expect(server.skipReason).toBeUndefined();
    expect(calls).toEqual([]);
    expect(await Promise.all([server.url(), server.url()])).toEqual([
      'mongodb://127.0.0.1:40000',
      'mongodb://127.0.0.1:40000',
    ]);
    await server.stop();
    expect(calls).toEqual(['start', 'stop']);
  });

  it('says why the suite skips when there is neither', async () => {
    const { calls, startContainer } = container();
    const server = serverUnderTest({
      envName: 'KAFKA_BROKERS',
      what: 'a Kafka broker',
      env: { KAFKA_BROKERS: '  ' },
      docker: () => ({ ok: false, reason: 'docker info failed: Cannot connect to the Docker daemon' }),
      startContainer,
    });
    expect(server.skipReason).toBe(
      'KAFKA_BROKERS is not set and no Docker engine answers to start a Kafka broker (docker info failed: Cannot connect to the Docker daemon)',
    );
    await expect(server.url()).rejects.toThrow(/^Nothing to test against: KAFKA_BROKERS is not set/);
    expect(calls).toEqual([]);
  });

  it('is a server started on this machine, on first use, before Docker is asked, when one can start here', async () => {
    const { calls, startContainer } = container();
    const server = serverUnderTest({
      envName: 'KAFKA_BROKERS',
      what: 'a Kafka broker',
      env: {},
      docker: () => {
        throw new Error('Docker must not be asked');
      },
      local: {
        available: () => ({ ok: true }),
        start: async () => {
          calls.push('start local');
          return { url: '127.0.0.1:40001', stop: async () => void calls.push('stop local') };
        },
      },
      startContainer,
    });
    expect(server.skipReason).toBeUndefined();
    expect(calls).toEqual([]);
    expect(await Promise.all([server.url(), server.url()])).toEqual(['127.0.0.1:40001', '127.0.0.1:40001']);
    await server.stop();
    expect(calls).toEqual(['start local', 'stop local']);
  });

  it('says why neither a local server nor a container can start', async () => {
    const { calls, startContainer } = container();
    const server = serverUnderTest({
      envName: 'KAFKA_BROKERS',
      what: 'a Kafka broker',
      env: {},
      docker: () => ({ ok: false, reason: 'docker info failed: spawnSync docker ENOENT' }),
      local: {
        available: () => ({ ok: false, reason: 'no Kafka 3.9.1 jars: run scripts/kafka-broker.sh fetch' }),
        start: () => Promise.reject(new Error('must not start')),
      },
      startContainer,
    });
    expect(server.skipReason).toBe(
      'KAFKA_BROKERS is not set, none can start here (no Kafka 3.9.1 jars: run scripts/kafka-broker.sh fetch) and no Docker engine answers to start a Kafka broker (docker info failed: spawnSync docker ENOENT)',
    );
    await expect(server.url()).rejects.toThrow(/^Nothing to test against: KAFKA_BROKERS is not set, none/);
    expect(calls).toEqual([]);
  });
});
