import { serverUnderTest } from '@lorawatch/platform/testing/docker-engine';

const KURRENTDB_PORT = 2113;

/** KURRENTDB_URL (e.g. kurrentdb://localhost:2113?tls=false), else a throwaway insecure KurrentDB node in Docker. */
export const kurrentdbUnderTest = serverUnderTest({
  envName: 'KURRENTDB_URL',
  what: 'a KurrentDB server',
  startContainer: async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('kurrentplatform/kurrentdb:26.1.1')
      .withEnvironment({
        KURRENTDB_CLUSTER_SIZE: '1',
        // No TLS and no authentication: a throwaway node on the test machine only.
        KURRENTDB_INSECURE: 'true',
        KURRENTDB_MEM_DB: 'true',
        KURRENTDB_RUN_PROJECTIONS: 'None',
      })
      .withExposedPorts(KURRENTDB_PORT)
      .withWaitStrategy(
        Wait.forHttp('/health/live', KURRENTDB_PORT).forStatusCodeMatching(
          (code) => code >= 200 && code < 300,
        ),
      )
      .withStartupTimeout(120_000)
      .start();
    return {
      url: `kurrentdb://${container.getHost()}:${container.getMappedPort(KURRENTDB_PORT)}?tls=false`,
      stop: async () => {
        await container.stop();
      },
    };
  },
});
