import { Logger } from '@nestjs/common';
import type { IssueClearance } from '@lorawatch/detectors/detector-step';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { NewEvent } from '@lorawatch/event-store/event-store.port';
import type { CollectionSpec, ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import type { DetectorOutput } from './detector-output';

/**
 * What a detector batch or tick decided to append to the event store, written in the same commit as the state and
 * offsets it was judged on (so with the same fence), appended only once that commit has succeeded, then deleted.
 * A commit that is fenced writes none of it, so a replica that lost its partition appends nothing. What an earlier
 * process committed but did not append (stopped in between) is appended by the next start.
 */
export const DETECTION_OUTBOX: CollectionSpec = {
  name: 'detection_outbox',
  indexes: [{ fields: ['order'] }],
};

/** One append: an alert, an issue clearance, or the asset events of one partition's observation stream. */
export type OutboxEntry =
  | { kind: 'alert'; alert: AlertDraft }
  | { kind: 'clearance'; clearance: IssueClearance }
  | { kind: 'events'; stream: string; events: NewEvent[] };

export interface OutboxDoc {
  /** `alert:<alert id>`, `clearance:<clearance id>`, `events:<first event id>`. */
  id: string;
  /** `<commit>#<index>`: the entries of one commit in the order they were decided. */
  order: string;
  entry: OutboxEntry;
}

/**
 * The appends of one batch or tick, in the order the detectors decided them. An id decided twice keeps its first
 * entry, as the event store keeps the first append of a stream created with 'no_stream'.
 */
export class PendingOutput {
  private readonly entries = new Map<string, OutboxEntry>();

  raise(alert: AlertDraft): void {
    this.add(`alert:${alert.id}`, { kind: 'alert', alert });
  }

  clear(clearance: IssueClearance): void {
    this.add(`clearance:${clearance.id}`, { kind: 'clearance', clearance });
  }

  append(stream: string, events: NewEvent[]): void {
    if (events.length > 0) this.add(`events:${events[0].id}`, { kind: 'events', stream, events });
  }

  get size(): number {
    return this.entries.size;
  }

  /** The outbox documents of the entries, ordered under `commit` (a key naming the commit that writes them). */
  docs(commit: string): OutboxDoc[] {
    return [...this.entries].map(([id, entry], index) => ({
      id,
      order: `${commit}#${String(index).padStart(8, '0')}`,
      entry,
    }));
  }

  private add(id: string, entry: OutboxEntry): void {
    if (!this.entries.has(id)) this.entries.set(id, entry);
  }
}

export const outboxOps = (docs: OutboxDoc[]): WriteOp[] =>
  docs.map((doc) => ({ op: 'upsert', collection: DETECTION_OUTBOX.name, doc }));

/**
 * Appends committed outbox documents and removes them. An entry already in the event store (appended before a
 * stop, or by another replica draining the same outbox) counts as appended: alerts and clearances have
 * deterministic ids and streams of their own, and a repeated append of the same events is recognised.
 *
 * The documents are deleted by a commit of their own right after their appends, not with the next batch: the outbox
 * is then empty whenever the runner is idle, a fenced next commit cannot keep them, and the extra commit is paid
 * only by the batches and ticks that decided something (alerts are rare against packets).
 */
export class DetectionOutbox {
  private readonly logger = new Logger('Detection');

  constructor(
    private readonly store: ReadStore,
    private readonly output: DetectorOutput,
  ) {
    store.collection<OutboxDoc>(DETECTION_OUTBOX);
  }

  async deliver(docs: OutboxDoc[]): Promise<void> {
    if (docs.length === 0) return;
    for (const { entry } of docs) {
      if (entry.kind === 'alert') await this.output.raise(entry.alert);
      else if (entry.kind === 'clearance') await this.output.clear(entry.clearance);
      else await this.output.appendEvents(entry.stream, entry.events);
    }
    await this.store.commit(
      docs.map((doc) => ({ op: 'delete', collection: DETECTION_OUTBOX.name, id: doc.id })),
    );
  }

  /** Appends what is left in the outbox (committed by a process that stopped before appending it), in order. */
  async drain(): Promise<number> {
    const left = await this.store
      .collection<OutboxDoc>(DETECTION_OUTBOX)
      .find({}, { sort: [['order', 'asc']] });
    if (left.length === 0) return 0;
    this.logger.log(`Appending ${left.length} detector output(s) committed but not yet appended`);
    await this.deliver(left);
    return left.length;
  }
}
