import { AssignerProtocol, PartitionAssigners, type Cluster, type PartitionAssigner } from 'kafkajs';

export const PINNED_ASSIGNER_NAME = 'LoRaWatchPinnedAssigner';

export interface MemberWish {
  memberId: string;
  /** Partitions the member asked for; null: any partition. */
  partitions: number[] | null;
}

/**
 * kafkajs has no manual assignment, so `consume({ partitions })` is a group member that tells the leader which
 * partitions it wants (member metadata). Wanted partitions go to the first member (by id) wanting them; the
 * others are dealt round-robin among members that take any partition; a partition nobody may take stays
 * unassigned, as with the embedded log where nobody consumes it.
 */
export function assignPartitions(members: MemberWish[], partitions: number): Map<string, number[]> {
  const sorted = [...members].sort((a, b) => a.memberId.localeCompare(b.memberId));
  const assignment = new Map(sorted.map((member) => [member.memberId, [] as number[]]));
  const taken = new Set<number>();
  for (const member of sorted) {
    for (const partition of member.partitions ?? []) {
      if (partition < 0 || partition >= partitions || taken.has(partition)) continue;
      taken.add(partition);
      assignment.get(member.memberId)?.push(partition);
    }
  }
  const flexible = sorted.filter((member) => member.partitions === null);
  let turn = 0;
  for (let partition = 0; partition < partitions; partition += 1) {
    if (taken.has(partition) || flexible.length === 0) continue;
    assignment.get(flexible[turn % flexible.length].memberId)?.push(partition);
    turn += 1;
  }
  for (const list of assignment.values()) list.sort((a, b) => a - b);
  return assignment;
}

export function encodeWish(partitions: number[] | null): Buffer {
  return Buffer.from(JSON.stringify({ partitions }), 'utf8');
}

/** A member whose metadata cannot be read takes any partition rather than none. */
export function decodeWish(userData: Buffer | null | undefined): number[] | null {
  if (!userData || userData.length === 0) return null;
  try {
    const value = JSON.parse(userData.toString('utf8')) as { partitions?: unknown };
    const list = value.partitions;
    return Array.isArray(list) && list.every((p) => Number.isInteger(p)) ? (list as number[]) : null;
  } catch {
    return null;
  }
}

/**
 * The partitions of `topic` the cluster metadata knows (kafkajs refreshes it before the leader assigns), or
 * `0..configured-1` while it knows none. The topic's own count, not the configured one: a topic grown by a newer
 * deployment (or by hand) must have its new partitions dealt too, or nobody reads them.
 */
export function topicPartitionCount(
  cluster: Pick<Cluster, 'findTopicPartitionMetadata'>,
  topic: string,
  configured: number,
): number {
  let known: Array<{ partitionId: number }> = [];
  try {
    known = cluster.findTopicPartitionMetadata(topic) ?? [];
  } catch {
    known = [];
  }
  if (known.length === 0) return configured;
  return Math.max(...known.map((partition) => partition.partitionId)) + 1;
}

/**
 * The kafkajs assigner: every member of a packet-log group offers it first, so they agree on the protocol. Its
 * leader deals the partitions the topic has (`topicPartitionCount`); `configuredPartitions` is only the fallback
 * while the metadata is unknown.
 */
export function pinnedAssigner(
  topic: string,
  configuredPartitions: number,
  wanted: number[] | null,
): PartitionAssigner {
  return ({ cluster }) => ({
    name: PINNED_ASSIGNER_NAME,
    version: 0,
    async assign({ members }) {
      const wishes = members.map((member) => ({
        memberId: member.memberId,
        partitions: decodeWish(AssignerProtocol.MemberMetadata.decode(member.memberMetadata)?.userData),
      }));
      const partitions = topicPartitionCount(cluster, topic, configuredPartitions);
      return [...assignPartitions(wishes, partitions)].map(([memberId, owned]) => ({
        memberId,
        memberAssignment: AssignerProtocol.MemberAssignment.encode({
          version: 0,
          assignment: { [topic]: owned },
          userData: Buffer.alloc(0),
        }),
      }));
    },
    protocol({ topics }) {
      return {
        name: PINNED_ASSIGNER_NAME,
        metadata: AssignerProtocol.MemberMetadata.encode({
          version: 0,
          topics,
          userData: encodeWish(wanted),
        }),
      };
    },
  });
}

/**
 * The assigners a member offers, in order of preference. A member that takes any partition also offers kafkajs'
 * round-robin, which the group agrees on when one of its members does not speak the pinned protocol (another
 * client or version during a rolling deploy): the group then keeps consuming instead of refusing the newcomer
 * (INCONSISTENT_GROUP_PROTOCOL). A member that asked for particular partitions offers the pinned protocol only:
 * round-robin would hand it partitions it must not read, so it is refused rather than silently mis-assigned.
 */
export function packetLogAssigners(
  topic: string,
  configuredPartitions: number,
  wanted: number[] | null,
): PartitionAssigner[] {
  const pinned = pinnedAssigner(topic, configuredPartitions, wanted);
  return wanted === null ? [pinned, PartitionAssigners.roundRobin] : [pinned];
}
