import { Logger } from '@nestjs/common';
import type { AlertDraft } from '@lorawatch/domain/alert';
import { IssueEventTypes, issueStream, type IssueClosed } from '@lorawatch/domain/issue.events';
import { AlertEventTypes, alertStream, type AlertEventPayloads } from '@lorawatch/domain/alert.events';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
  type Subscription,
} from '@lorawatch/event-store/event-store.port';
import { recordedOf } from '@lorawatch/event-store/typed-events';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { issueEvolver } from '../domain/issue';
import type { DataSourceWatermarks } from '../ports/data-source-watermarks.port';
import type { IssuesEventPayloads } from '../domain/issue.events';
import {
  cataloguePolicy,
  decide,
  evolve,
  markClosed,
  type AppendOutcome,
  type TrackerInput,
  type TrackerIntent,
  type TrackerPolicy,
} from './issue-tracker.decider';
import { trackerState, type TrackedIssue, type TrackerState } from './tracker-state';

export const ISSUE_TRACKER_CHECKPOINT = 'issue-tracker';
export const TRACKED_ISSUES = { name: 'issue_tracker' };
const TICK_INTERVAL_MS = 60_000;
const ACTOR = 'issue-tracker';

export interface IssueTrackerOptions {
  policy?: TrackerPolicy;
  /** Wall-clock ticks (timeouts); 0 turns them off, tests then call tick(at). */
  tickIntervalMs?: number;
}

/**
 * Process manager of the issue life-cycle (docs/alert-catalogue.md §2.4). It follows the event store from its own checkpoint
 * and keeps the open issues in the read store, committed with that checkpoint. Every append has a deterministic
 * event id and stream, so re-running events after a crash replays the same appends, which the store ignores.
 * Event handling and ticks run one at a time.
 */
export class IssueTracker {
  private readonly logger = new Logger('IssueTracker');
  private readonly policy: TrackerPolicy;
  private state: TrackerState = trackerState([]);
  private subscription: Subscription | null = null;
  private timer: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly dataSourceWatermarks: DataSourceWatermarks,
    private readonly options: IssueTrackerOptions = {},
  ) {
    this.policy = options.policy ?? cataloguePolicy;
    store.collection<TrackedIssue>(TRACKED_ISSUES);
  }

  async start(): Promise<void> {
    const tracked = await this.store.collection<TrackedIssue>(TRACKED_ISSUES).find();
    this.state = trackerState(tracked);
    const after = await this.store.checkpoint(ISSUE_TRACKER_CHECKPOINT);
    this.subscription = this.events.subscribeToAll(
      { after, types: [AlertEventTypes.Raised, IssueEventTypes.ConditionCleared, IssueEventTypes.Closed] },
      (event) => this.serially(() => this.handle(event)),
    );
    const interval = this.options.tickIntervalMs ?? TICK_INTERVAL_MS;
    if (interval > 0) {
      this.timer = setInterval(() => {
        this.tickAt(null).catch((error: unknown) =>
          this.logger.error(`Tick failed: ${error instanceof Error ? error.message : String(error)}`),
        );
      }, interval);
      this.timer.unref();
    }
  }

  /** Resolves once every event recorded so far has been handled. */
  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
  }

  /**
   * Closes the issues whose timeout passed at their data source's watermark (docs/architecture.md §9), or at `at`
   * for a data source the detectors have given no watermark yet. The timer never passes `at`: a data source's issues
   * then wait for its watermark, so a backlog still being detected closes nothing early. Public for tests.
   */
  async tick(at: string): Promise<void> {
    await this.tickAt(at);
  }

  private async tickAt(at: string | null): Promise<void> {
    // Deciding on a state that lags the log would close issues whose recurrence is still unread.
    await this.caughtUp();
    await this.serially(async () => {
      const before = this.state;
      const watermarks = await this.watermarks(before);
      const after = await this.run(before, { type: 'Tick', at, watermarks });
      await this.store.commit(stateOps(before, after));
      this.state = after;
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.subscription?.stop();
    this.subscription = null;
    await this.queue;
  }

  /** The watermark of each data source with an open issue. */
  private async watermarks(state: TrackerState): Promise<Record<number, string>> {
    const dataSources = new Set(
      Object.values(state.issues)
        .filter((issue) => !issue.closed)
        .map((issue) => issue.opening.dataSourceId),
    );
    const watermarks: Record<number, string> = {};
    for (const dataSourceId of dataSources) {
      const watermark = await this.dataSourceWatermarks.watermarkOf(dataSourceId);
      if (watermark !== null) watermarks[dataSourceId] = watermark;
    }
    return watermarks;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async handle(event: RecordedEvent): Promise<void> {
    const before = this.state;
    const after = await this.run(before, inputOf(event));
    await this.store.commit(stateOps(before, after), {
      name: ISSUE_TRACKER_CHECKPOINT,
      position: event.position,
    });
    this.state = after;
  }

  /**
   * Applies the decisions for one input. When an issue stream moved under the tracker (closed by a user, or by a
   * tick racing an unread alert), it learns the issue's real state and decides again.
   */
  private async run(initial: TrackerState, input: TrackerInput): Promise<TrackerState> {
    let state = initial;
    for (let attempt = 0; attempt < 10; attempt++) {
      let conflict = false;
      for (const intent of decide(state, input, this.policy)) {
        const outcome = await this.execute(state, intent);
        if (outcome === 'conflict') {
          state = await this.resync(state, issueIdOfIntent(intent));
          conflict = true;
          break;
        }
        state = evolve(state, intent, outcome);
      }
      if (!conflict) return state;
    }
    throw new Error(`Issue tracker could not settle ${input.type}`);
  }

  private async execute(
    state: TrackerState,
    intent: TrackerIntent,
  ): Promise<AppendOutcome | null | 'conflict'> {
    const who = (organizationId: number, correlationId: string) => ({
      organizationId,
      actor: ACTOR,
      correlationId,
    });
    try {
      switch (intent.kind) {
        case 'open': {
          const { opened } = intent;
          const event = envelope(
            IssueEventTypes.Opened,
            opened,
            who(opened.organizationId, opened.alertId),
            opened.since,
            deterministicUuid(`issue-opened:${opened.alertId}`),
          );
          return outcomeOf(await this.events.append(issueStream(opened.issueId), [event], 'no_stream'));
        }
        case 'recur': {
          const { recurred } = intent;
          const issue = state.issues[recurred.issueId];
          const event = envelope(
            IssueEventTypes.Recurred,
            recurred,
            who(issue?.opening.organizationId ?? 0, recurred.alertId),
            recurred.checkedAt,
            deterministicUuid(`issue-recurred:${recurred.alertId}`),
          );
          const appended = await this.events.append(
            issueStream(recurred.issueId),
            [event],
            intent.expectedRevision,
          );
          return outcomeOf(appended);
        }
        case 'close':
          return outcomeOf(await this.appendClosed(state, intent.closed, intent.expectedRevision));
        case 'raise':
          await this.raise(intent.alert);
          return null;
        case 'forget':
          return null;
      }
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return 'conflict';
      throw error;
    }
  }

  private appendClosed(state: TrackerState, closed: IssueClosed, expectedRevision: number) {
    const issue = state.issues[closed.issueId];
    const event = envelope(
      IssueEventTypes.Closed,
      closed,
      { organizationId: issue?.opening.organizationId ?? null, actor: ACTOR, correlationId: closed.issueId },
      closed.resolvedAt,
      // One automatic close per issue: a timeout and a clearance racing for it append the same event once.
      deterministicUuid(`issue-closed:${closed.issueId}`),
    );
    return this.events.append(issueStream(closed.issueId), [event], expectedRevision);
  }

  private async raise(alert: AlertDraft): Promise<void> {
    const who = { organizationId: alert.organizationId, actor: ACTOR, correlationId: alert.id };
    try {
      await this.events.append(
        alertStream(alert.id),
        [envelope(AlertEventTypes.Raised, alert, who, alert.createdAt, deterministicUuid(alert.id))],
        'no_stream',
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      this.logger.debug({ msg: 'Alert already raised', alertId: alert.id });
    }
  }

  private async resync(state: TrackerState, issueId: string): Promise<TrackerState> {
    const { state: issue, revision } = await loadAggregate(this.events, issueStream(issueId), issueEvolver);
    if (issue.status === 'closed') return markClosed(state, issueId);
    const tracked = state.issues[issueId];
    if (!tracked || typeof revision !== 'number') return state;
    return { ...state, issues: { ...state.issues, [issueId]: { ...tracked, revision } } };
  }
}

/** The events the tracker subscribes to. */
type TrackerPayloads = Pick<
  IssuesEventPayloads,
  typeof IssueEventTypes.ConditionCleared | typeof IssueEventTypes.Closed
> &
  Pick<AlertEventPayloads, typeof AlertEventTypes.Raised>;

function inputOf(recorded: RecordedEvent): TrackerInput {
  const event = recordedOf<TrackerPayloads>(recorded);
  switch (event.type) {
    case IssueEventTypes.ConditionCleared:
      return { type: 'IssueConditionCleared', clearance: event.data };
    case IssueEventTypes.Closed:
      return { type: 'IssueClosed', closed: event.data };
    default:
      return { type: 'AlertRaised', alert: event.data };
  }
}

function issueIdOfIntent(intent: TrackerIntent): string {
  switch (intent.kind) {
    case 'open':
      return intent.opened.issueId;
    case 'recur':
      return intent.recurred.issueId;
    case 'close':
      return intent.closed.issueId;
    case 'raise':
      return intent.alert.id;
    case 'forget':
      return intent.issueId;
  }
}

const outcomeOf = (result: { nextExpectedRevision: number; position: number }): AppendOutcome => ({
  revision: result.nextExpectedRevision,
  position: result.position,
});

/** The tracker's documents that changed between two states. */
function stateOps(before: TrackerState, after: TrackerState): WriteOp[] {
  // Most events (alerts of types that open no issue) leave the state as it was: nothing to compare.
  if (after.issues === before.issues) return [];
  const ops: WriteOp[] = [];
  for (const [id, issue] of Object.entries(after.issues)) {
    if (before.issues[id] !== issue) ops.push({ op: 'upsert', collection: TRACKED_ISSUES.name, doc: issue });
  }
  for (const id of Object.keys(before.issues)) {
    if (!(id in after.issues)) ops.push({ op: 'delete', collection: TRACKED_ISSUES.name, id });
  }
  return ops;
}
