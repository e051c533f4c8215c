import { serverUnderTest } from '@lorawatch/platform/testing/docker-engine';

/**
 * MONGODB_URL, which must be a replica set since commits are multi-document transactions (a single node is enough,
 * e.g. mongodb://localhost:27017/?replicaSet=rs0), else a throwaway one-member replica set in Docker.
 */
export const mongodbUnderTest = serverUnderTest({
  envName: 'MONGODB_URL',
  what: 'a MongoDB replica set',
  startContainer: async () => {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const container = await new MongoDBContainer('mongo:7.0').start();
    return {
      // The member knows itself by its container name: connect to it directly, not through the set's topology.
      url: `${container.getConnectionString()}/?directConnection=true`,
      stop: async () => {
        await container.stop();
      },
    };
  },
});
