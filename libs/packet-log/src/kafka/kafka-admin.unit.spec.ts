import { KafkaJSProtocolError } from 'kafkajs';
import { isLeaderMoving, whileLeaderMoves } from './kafka-admin';

/** As kafkajs builds them from a broker's error code. */
const protocolError = (type: string, code: number): KafkaJSProtocolError =>
  new KafkaJSProtocolError(Object.assign(new Error(type), { type, code, retriable: true }));

describe('waiting while a partition leader is being placed', () => {
  it('recognises the answers of a partition without a leader yet, and nothing else', () => {
    expect(isLeaderMoving(protocolError('UNKNOWN_TOPIC_OR_PARTITION', 3))).toBe(true);
    expect(isLeaderMoving(protocolError('LEADER_NOT_AVAILABLE', 5))).toBe(true);
    expect(isLeaderMoving(protocolError('NOT_LEADER_FOR_PARTITION', 6))).toBe(true);
    // A group's coordinator being placed (a fresh broker's first group) or moving.
    expect(isLeaderMoving(protocolError('NOT_COORDINATOR_FOR_GROUP', 16))).toBe(true);
    expect(isLeaderMoving(protocolError('GROUP_COORDINATOR_NOT_AVAILABLE', 15))).toBe(true);
    expect(isLeaderMoving(protocolError('GROUP_LOAD_IN_PROGRESS', 14))).toBe(true);
    expect(isLeaderMoving(protocolError('TOPIC_AUTHORIZATION_FAILED', 29))).toBe(false);
    expect(isLeaderMoving(new Error('connection refused'))).toBe(false);
    expect(isLeaderMoving('NOT_LEADER_FOR_PARTITION')).toBe(false);
  });

  it('tries again until the leader answers', async () => {
    let calls = 0;
    const answer = await whileLeaderMoves(
      async () => {
        calls += 1;
        if (calls < 3) throw protocolError('NOT_LEADER_FOR_PARTITION', 6);
        return 'offsets';
      },
      { delayMs: 1 },
    );
    expect(answer).toBe('offsets');
    expect(calls).toBe(3);
  });

  it('gives up after the attempts, and at once on any other error', async () => {
    let calls = 0;
    await expect(
      whileLeaderMoves(
        async () => {
          calls += 1;
          throw protocolError('LEADER_NOT_AVAILABLE', 5);
        },
        { attempts: 4, delayMs: 1 },
      ),
    ).rejects.toThrow('LEADER_NOT_AVAILABLE');
    expect(calls).toBe(4);

    calls = 0;
    await expect(
      whileLeaderMoves(async () => {
        calls += 1;
        throw new Error('SASL authentication failed');
      }),
    ).rejects.toThrow('SASL authentication failed');
    expect(calls).toBe(1);
  });
});
