import { AssignerProtocol, type Cluster, type Logger } from 'kafkajs';
import {
  assignPartitions,
  decodeWish,
  encodeWish,
  pinnedAssigner,
  PINNED_ASSIGNER_NAME,
} from './pinned-assigner';

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
      pinnedAssigner('packets', 4, wanted)({ cluster: {} as Cluster, groupId: 'g', logger: {} as Logger });
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
});
