import { AssignerProtocol, type Cluster, type Logger } from 'kafkajs';
import {
  assignPartitions,
  decodeWish,
  encodeWish,
  packetLogAssigners,
  pinnedAssigner,
  PINNED_ASSIGNER_NAME,
  topicPartitionCount,
} from './pinned-assigner';

/** The one question the assigner asks the cluster: the partitions its metadata knows for a topic. */
function clusterKnowing(partitionsByTopic: Record<string, number>): Cluster {
  const cluster: Pick<Cluster, 'findTopicPartitionMetadata'> = {
    findTopicPartitionMetadata: (topic) =>
      Array.from({ length: partitionsByTopic[topic] ?? 0 }, (_, partitionId) => ({
        partitionErrorCode: 0,
        partitionId,
        leader: 1,
        replicas: [1],
        isr: [1],
      })),
  };
  return cluster as Cluster;
}

function decodeAnswer(answer: Array<{ memberId: string; memberAssignment: Buffer }>) {
  return Object.fromEntries(
    answer.map(({ memberId, memberAssignment }) => [
      memberId,
      AssignerProtocol.MemberAssignment.decode(memberAssignment)?.assignment,
    ]),
  );
}

describe('assignPartitions', () => {
  it('deals every partition round-robin when nobody asks for particular ones', () => {
    const assignment = assignPartitions(
      [
        { memberId: 'b', partitions: null },
        { memberId: 'a', partitions: null },
      ],
      5,
    );
    expect(Object.fromEntries(assignment)).toEqual({ a: [0, 2, 4], b: [1, 3] });
  });

  it('gives a member the partitions it asked for and the rest to the flexible members', () => {
    const assignment = assignPartitions(
      [
        { memberId: 'pinned', partitions: [3, 0] },
        { memberId: 'any', partitions: null },
      ],
      4,
    );
    expect(Object.fromEntries(assignment)).toEqual({ pinned: [0, 3], any: [1, 2] });
  });

  it('leaves partitions nobody may take unassigned, and gives a contested one to the first member by id', () => {
    const assignment = assignPartitions(
      [
        { memberId: 'm2', partitions: [0, 1] },
        { memberId: 'm1', partitions: [0, 9] },
      ],
      3,
    );
    expect(Object.fromEntries(assignment)).toEqual({ m1: [0], m2: [1] });
  });
});

describe('member wishes', () => {
  it('round-trips the wanted partitions, and reads unreadable metadata as "any"', () => {
    expect(decodeWish(encodeWish([2, 5]))).toEqual([2, 5]);
    expect(decodeWish(encodeWish(null))).toBeNull();
    expect(decodeWish(Buffer.from('not json'))).toBeNull();
    expect(decodeWish(Buffer.from('{"partitions":["x"]}'))).toBeNull();
    expect(decodeWish(undefined)).toBeNull();
  });
});

describe('pinnedAssigner', () => {
  it("assigns from the members' protocol metadata, encoded the way kafkajs reads it", async () => {
    const make = (wanted: number[] | null) =>
      pinnedAssigner(
        'packets',
        4,
        wanted,
      )({
        cluster: clusterKnowing({ packets: 4 }),
        groupId: 'g',
        logger: {} as Logger,
      });
    const pinned = make([1]);
    const flexible = make(null);
    const members = [
      { memberId: 'p', memberMetadata: pinned.protocol({ topics: ['packets'] }).metadata },
      { memberId: 'f', memberMetadata: flexible.protocol({ topics: ['packets'] }).metadata },
    ];
    expect(pinned.protocol({ topics: ['packets'] }).name).toBe(PINNED_ASSIGNER_NAME);

    const answer = await pinned.assign({ members, topics: ['packets'] });
    const decoded = Object.fromEntries(
      answer.map(({ memberId, memberAssignment }) => [
        memberId,
        AssignerProtocol.MemberAssignment.decode(memberAssignment)?.assignment,
      ]),
    );
    expect(decoded).toEqual({ f: { packets: [0, 2, 3] }, p: { packets: [1] } });
  });

  it("deals the topic's own partitions, not the configured count, once the topic was grown", async () => {
    // Opened with 2 partitions; the topic has 5 since a newer deployment grew it.
    const assigner = pinnedAssigner(
      'packets',
      2,
      null,
    )({
      cluster: clusterKnowing({ packets: 5 }),
      groupId: 'g',
      logger: {} as Logger,
    });
    const other = pinnedAssigner(
      'packets',
      2,
      [4],
    )({
      cluster: clusterKnowing({ packets: 5 }),
      groupId: 'g',
      logger: {} as Logger,
    });
    const members = [
      { memberId: 'a', memberMetadata: assigner.protocol({ topics: ['packets'] }).metadata },
      { memberId: 'b', memberMetadata: other.protocol({ topics: ['packets'] }).metadata },
    ];
    expect(decodeAnswer(await assigner.assign({ members, topics: ['packets'] }))).toEqual({
      a: { packets: [0, 1, 2, 3] },
      b: { packets: [4] },
    });
  });
});

describe('topicPartitionCount', () => {
  it('counts the partitions the metadata knows, and falls back to the configured count while it knows none', () => {
    expect(topicPartitionCount(clusterKnowing({ packets: 6 }), 'packets', 4)).toBe(6);
    expect(topicPartitionCount(clusterKnowing({ packets: 3 }), 'packets', 4)).toBe(3);
    expect(topicPartitionCount(clusterKnowing({}), 'packets', 4)).toBe(4);
    const failing: Pick<Cluster, 'findTopicPartitionMetadata'> = {
      findTopicPartitionMetadata: () => {
        throw new Error('no metadata yet');
      },
    };
    expect(topicPartitionCount(failing, 'packets', 4)).toBe(4);
  });
});

describe('packetLogAssigners', () => {
  const names = (wanted: number[] | null) =>
    packetLogAssigners('packets', 4, wanted).map(
      (assigner) =>
        assigner({ cluster: clusterKnowing({ packets: 4 }), groupId: 'g', logger: {} as Logger }).name,
    );

  it('offers round-robin after the pinned protocol for a member taking any partition (rolling deploys)', () => {
    expect(names(null)).toEqual([PINNED_ASSIGNER_NAME, 'RoundRobinAssigner']);
  });

  it('offers only the pinned protocol for a member that asked for particular partitions', () => {
    expect(names([1, 2])).toEqual([PINNED_ASSIGNER_NAME]);
  });
});
