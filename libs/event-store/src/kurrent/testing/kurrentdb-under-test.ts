import { serverUnderTest } from '@lorawatch/platform/testing/docker-engine';

/** KURRENTDB_URL (e.g. kurrentdb://localhost:2113?tls=false), else a throwaway insecure KurrentDB node in Docker. */
export const kurrentdbUnderTest = serverUnderTest({
  envName: 'KURRENTDB_URL',
  what: 'a KurrentDB server',
  startContainer: async () => {
    const { KurrentDbContainer } = await import('@testcontainers/kurrentdb');
    const container = await new KurrentDbContainer('kurrentplatform/kurrentdb:26.1.1').start();
    return {
      url: container.getConnectionString(),
      stop: async () => {
        await container.stop();
      },
    };
  },
});
