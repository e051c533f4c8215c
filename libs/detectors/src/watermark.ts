import type { Packet } from '@lorawatch/domain/packet';
import { epochMs } from './time';

/**
 * Event time and watermarks (docs/architecture.md §9). Detectors never read a clock: "now" for the silence
 * detectors (LAF-401, LAF-403) and for issue timeouts is a watermark, the latest event time detected for a data
 * source less the allowed lateness, so the same packets give the same verdicts whether they arrive paced, in one
 * backlog or after a restart.
 */

/**
 * How far behind the newest detected packet a packet of the same data source may still be dated: copies of one
 * frame from gateways whose clocks disagree, backhaul latency, and the order in which the partitions of the
 * packet log are detected. A silence is only judged up to the watermark, so a packet up to this late still
 * counts before its asset is called silent.
 */
export const ALLOWED_LATENESS_SECONDS = 60;

/**
 * A connected data source whose collector has received nothing for this long (since its last packet and since it
 * connected) while every packet logged so far has been detected is idle: its watermark then follows the
 * collector's clock as its stored heartbeat records carry it, so a network that went quiet entirely still raises
 * LAF-403. The detection runner passes 0: a collector writes a heartbeat only after a whole quiet interval, which
 * already is the evidence this wait stood for.
 */
export const IDLE_AFTER_SECONDS = 5;

/**
 * The newest packet of one data source detected in one partition of the packet log: its event time (`date`) and
 * the collector's clock when it arrived (`receivedAt`). Stored with the detector state of that partition, so it
 * commits with the partition's offset and is never shared between partitions.
 */
export interface PartitionEventTime {
  dataSourceId: number;
  partition: number;
  /** Latest `date` detected, ISO 8601. */
  eventTime: string;
  /** Latest `receivedAt` detected, ISO 8601. */
  receivedAt: string;
}

export function advancePartitionEventTime(
  known: PartitionEventTime | undefined,
  packet: Pick<Packet, 'dataSourceId' | 'date' | 'receivedAt'>,
  partition: number,
): PartitionEventTime {
  if (known === undefined) {
    return {
      dataSourceId: packet.dataSourceId,
      partition,
      eventTime: packet.date,
      receivedAt: packet.receivedAt,
    };
  }
  const eventTime = later(known.eventTime, packet.date);
  const receivedAt = later(known.receivedAt, packet.receivedAt);
  if (eventTime === known.eventTime && receivedAt === known.receivedAt) return known;
  return { ...known, eventTime, receivedAt };
}

/** What a silence tick knows about a data source besides its partitions' event times. */
export interface DataSourceConnection {
  /** The data source's collector is connected (its last connection event was CONNECTED). */
  connected: boolean;
  /** Time of that connection event, when known. */
  connectedSince: string | null;
}

export interface WatermarkInput {
  /** The event times of one data source, one per partition that has carried its packets. */
  partitions: readonly PartitionEventTime[];
  /** True when every packet logged in the partition so far has been detected. */
  caughtUp(partition: number): boolean;
  connection: DataSourceConnection;
  /**
   * The collector's clock as its latest heartbeat record in the packet log carries it (stamped at ingestion, as
   * `receivedAt` is; never read at the tick): used only by the idle rule.
   */
  now: string;
  latenessSeconds?: number;
  idleAfterSeconds?: number;
}

export interface Watermarks {
  /** Epoch ms up to which the silences of the assets detected in each partition are judged. */
  byPartition: Map<number, number>;
  /**
   * The data source's watermark (the least of its partitions'), for issue timeouts; null while it is not connected
   * (a source that sends nothing tells nothing about time).
   */
  dataSource: number | null;
  /** True when the idle rule moved the watermark past the latest event time. */
  idle: boolean;
}

/**
 * The watermarks of one data source at a tick. A partition still being detected is judged by its own latest event
 * time only, since packets still queued in it may be newer than what its assets last said; a partition with nothing
 * left to detect is judged by the latest event time of the whole data source. A data source that is idle (nothing
 * received for IDLE_AFTER_SECONDS, nothing left to detect) or not connected advances with the collector's stored clock
 * from its latest packet: the collector stamped `receivedAt` and its heartbeats once, so the time between them is
 * the quiet network's, the same however fast the records are replayed.
 * A data source that is not connected never raises silence alerts, but its assets are still marked disconnected.
 */
export function watermarksOf(input: WatermarkInput): Watermarks {
  const lateness = (input.latenessSeconds ?? ALLOWED_LATENESS_SECONDS) * 1000;
  const idleAfter = (input.idleAfterSeconds ?? IDLE_AFTER_SECONDS) * 1000;
  const byPartition = new Map<number, number>();
  if (input.partitions.length === 0) return { byPartition, dataSource: null, idle: false };

  const latestEvent = Math.max(...input.partitions.map((p) => epochMs(p.eventTime)));
  const latestReceived = Math.max(...input.partitions.map((p) => epochMs(p.receivedAt)));
  const allCaughtUp = input.partitions.every((p) => input.caughtUp(p.partition));
  const now = epochMs(input.now);
  const quietSince = Math.max(
    latestReceived,
    input.connection.connectedSince === null ? -Infinity : epochMs(input.connection.connectedSince),
  );
  const idle = allCaughtUp && (!input.connection.connected || now - quietSince > idleAfter);
  const head = idle ? latestEvent + Math.max(0, now - latestReceived) : latestEvent;

  for (const partition of input.partitions) {
    const own = input.caughtUp(partition.partition) ? head : epochMs(partition.eventTime);
    byPartition.set(partition.partition, own - lateness);
  }
  const dataSource = input.connection.connected ? Math.min(...byPartition.values()) : null;
  return { byPartition, dataSource, idle: idle && head > latestEvent };
}

function later(a: string, b: string): string {
  return epochMs(b) > epochMs(a) ? b : a;
}

export interface GatewayFoldBoundInput {
  dataSourceId: number;
  /** Every partition's event time of every data source, as stored (other data sources' tell how far a partition got). */
  times: readonly PartitionEventTime[];
  /** Partitions of the packet log, 0 to partitions − 1. */
  partitions: number;
  /** True when every record logged in the partition so far has been detected. */
  caughtUp(partition: number): boolean;
  latenessSeconds?: number;
}

/**
 * Up to which event time (epoch ms) the packets of a data source's gateways can be folded into their states
 * (docs/architecture.md §9): every packet of the data source dated up to it has been detected, in whichever partition.
 * Infinity when every partition is caught up: the whole log has been detected, so folding all of it gives the same
 * result whatever order the partitions were detected in. Otherwise the least, over the partitions still being
 * detected, of their latest event time less the allowed lateness. A partition still being detected that has never
 * carried a packet of the data source may hold older ones: it holds the fold back (null) unless it has already
 * detected a record received after the data source's latest (then what it still holds arrived later).
 */
export function gatewayFoldBound(input: GatewayFoldBoundInput): number | null {
  const lateness = (input.latenessSeconds ?? ALLOWED_LATENESS_SECONDS) * 1000;
  const own = new Map<number, PartitionEventTime>();
  const receivedIn = new Map<number, number>();
  let sourceReceived = -Infinity;
  for (const time of input.times) {
    const received = epochMs(time.receivedAt);
    receivedIn.set(time.partition, Math.max(receivedIn.get(time.partition) ?? -Infinity, received));
    if (time.dataSourceId !== input.dataSourceId) continue;
    own.set(time.partition, time);
    sourceReceived = Math.max(sourceReceived, received);
  }
  let bound = Infinity;
  for (let partition = 0; partition < input.partitions; partition++) {
    if (input.caughtUp(partition)) continue;
    const time = own.get(partition);
    if (time !== undefined) {
      bound = Math.min(bound, epochMs(time.eventTime) - lateness);
      continue;
    }
    const received = receivedIn.get(partition);
    if (received === undefined || received < sourceReceived) return null;
  }
  return bound;
}
