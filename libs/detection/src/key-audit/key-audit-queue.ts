import type { KeyAuditBacklog } from '@lorawatch/app-keys';
import type { Packet } from '@lorawatch/domain/packet';
import type {
  Collection,
  CollectionSpec,
  Filter,
  ReadStore,
  WriteOp,
} from '@lorawatch/read-store/read-store.port';

/**
 * The AppKey audit's pending work, in the read store: one document per packet to audit (a well-formed join
 * request, or a join accept attributed to its device). The key-audit consumer writes jobs in the same commit as
 * its partition checkpoint, and the dispatcher deletes each job in the same commit as the device state it
 * produced, so a restart resumes exactly where the queue stood and no packet is audited twice.
 */
export interface KeyAuditJob {
  /** The packet's id. */
  id: string;
  /** `<dataSourceId>:<devEui>`: whose audit state the job reads and writes. */
  device: string;
  organizationId: number;
  /** Where the packet sits in the packet log: the partition's owner runs the job, a device's jobs go by offset. */
  partition: number;
  offset: number;
  /** When it was queued (ms since the epoch): which jobs are oldest when the queue is full. */
  enqueuedAt: number;
  packet: Packet;
}

export const KEY_AUDIT_QUEUE: CollectionSpec = {
  name: 'key_audit_queue',
  indexes: [
    { fields: ['organizationId', 'device'] },
    { fields: ['device', 'offset'] },
    { fields: ['enqueuedAt', 'partition', 'offset'] },
  ],
};

const OLDEST_FIRST: Array<[string, 'asc']> = [
  ['enqueuedAt', 'asc'],
  ['partition', 'asc'],
  ['offset', 'asc'],
];

export interface Admission {
  /** Upserts of the admitted jobs and deletes of the jobs dropped for them, to commit with the checkpoint. */
  ops: WriteOp[];
  dropped: KeyAuditJob[];
  /** Jobs in the queue once the ops are committed. */
  depth: number;
}

/** Reads of the queue; writes go through the commits of its two users (see KeyAuditJob). */
export class KeyAuditQueue {
  private readonly jobs: Collection<KeyAuditJob>;

  constructor(
    store: ReadStore,
    private readonly limit: number,
  ) {
    this.jobs = store.collection<KeyAuditJob>(KEY_AUDIT_QUEUE);
  }

  depth(): Promise<number> {
    return this.jobs.count();
  }

  /**
   * Makes room for new jobs within the limit. While the queue is full each new job takes the place of the oldest
   * pending job of its own device (the newer join request says more about the key in use now), else of the
   * oldest pending job of any device; jobs whose search is running are never dropped. When every queued job is
   * running, the new job itself is dropped.
   */
  async admit(incoming: KeyAuditJob[], running: ReadonlySet<string>): Promise<Admission> {
    let depth = await this.jobs.count();
    const kept: KeyAuditJob[] = [];
    const droppedStored: KeyAuditJob[] = [];
    const dropped: KeyAuditJob[] = [];
    const available = (job: KeyAuditJob) =>
      !running.has(job.id) && !droppedStored.some((gone) => gone.id === job.id);
    for (const job of incoming) {
      if (depth >= this.limit) {
        const stored =
          (await this.oldestStored({ device: job.device }, running, droppedStored.length, available)) ?? null;
        const sameDevice = stored ?? kept.find((other) => other.device === job.device) ?? null;
        const victim =
          sameDevice ??
          (await this.oldestStored({}, running, droppedStored.length, available)) ??
          kept[0] ??
          null;
        if (victim === null) {
          dropped.push(job);
          continue;
        }
        const at = kept.indexOf(victim);
        if (at >= 0) kept.splice(at, 1);
        else droppedStored.push(victim);
        dropped.push(victim);
        depth -= 1;
      }
      kept.push(job);
      depth += 1;
    }
    const ops: WriteOp[] = [
      ...droppedStored.map((job): WriteOp => ({
        op: 'delete',
        collection: KEY_AUDIT_QUEUE.name,
        id: job.id,
      })),
      ...kept.map((job): WriteOp => ({ op: 'upsert', collection: KEY_AUDIT_QUEUE.name, doc: job })),
    ];
    return { ops, dropped, depth };
  }

  /**
   * Up to `limit` devices with pending jobs in the given partitions, oldest first, leaving out the devices
   * whose job is running.
   */
  async devicesWaiting(
    partitions: readonly number[],
    busy: readonly string[],
    limit: number,
  ): Promise<string[]> {
    const filter: Filter = { partition: { $in: [...partitions] } };
    if (busy.length > 0) filter.device = { $nin: [...busy] };
    const devices: string[] = [];
    const jobs = await this.jobs.find(filter, { sort: OLDEST_FIRST, limit: limit * 4 });
    for (const { device } of jobs) {
      if (!devices.includes(device)) devices.push(device);
      if (devices.length === limit) break;
    }
    return devices;
  }

  /** The device's next job: its lowest offset (its packets all sit in one partition). */
  async nextOf(device: string): Promise<KeyAuditJob | null> {
    const [job] = await this.jobs.find({ device }, { sort: [['offset', 'asc']], limit: 1 });
    return job ?? null;
  }

  private async oldestStored(
    filter: Filter,
    running: ReadonlySet<string>,
    alreadyDropped: number,
    available: (job: KeyAuditJob) => boolean,
  ): Promise<KeyAuditJob | undefined> {
    const sort = filter.device === undefined ? OLDEST_FIRST : [['offset', 'asc'] as [string, 'asc']];
    const candidates = await this.jobs.find(filter, { sort, limit: running.size + alreadyDropped + 1 });
    return candidates.find(available);
  }
}

export const deleteJob = (job: Pick<KeyAuditJob, 'id'>): WriteOp => ({
  op: 'delete',
  collection: KEY_AUDIT_QUEUE.name,
  id: job.id,
});

/** The queue as the app_keys endpoints read it: how many of an organisation's devices have jobs waiting. */
export function keyAuditBacklog(store: ReadStore): KeyAuditBacklog {
  return {
    async pendingDevices(organizationId) {
      const devices = await store
        .collection<KeyAuditJob>(KEY_AUDIT_QUEUE)
        .countBy('device', { organizationId });
      return devices.length;
    },
  };
}
