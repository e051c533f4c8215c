import { serverUnderTest } from '@lorawatch/platform/testing/docker-engine';
import { localKafka, startLocalKafka } from './local-kafka';

/**
 * KAFKA_BROKERS (e.g. localhost:9092), else a one-node Kafka started from the jars that
 * `scripts/kafka-broker.sh fetch` cached (java, no Docker), else a throwaway one-node Kafka in KRaft mode in Docker.
 */
export const kafkaUnderTest = serverUnderTest({
  envName: 'KAFKA_BROKERS',
  what: 'a Kafka broker',
  local: { available: () => localKafka(), start: () => startLocalKafka() },
  startContainer: async () => {
    const { KafkaContainer } = await import('@testcontainers/kafka');
    const container = await new KafkaContainer('confluentinc/cp-kafka:7.9.1').withKraft().start();
    return {
      // The plaintext listener the container publishes to the host.
      url: `${container.getHost()}:${container.getMappedPort(9093)}`,
      stop: async () => {
        await container.stop();
      },
    };
  },
});
