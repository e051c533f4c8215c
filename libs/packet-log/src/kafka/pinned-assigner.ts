import { AssignerProtocol, type PartitionAssigner } from 'kafkajs';

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

/** The kafkajs assigner: every member of a packet-log group uses it, so they agree on the protocol. */
export function pinnedAssigner(
  topic: string,
  partitions: number,
  wanted: number[] | null,
): PartitionAssigner {
  return () => ({
    name: PINNED_ASSIGNER_NAME,
    version: 0,
    async assign({ members }) {
      const wishes = members.map((member) => ({
        memberId: member.memberId,
        partitions: decodeWish(AssignerProtocol.MemberMetadata.decode(member.memberMetadata)?.userData),
      }));
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
