import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { testMqttConnection, type ConnectionTestOutcome } from '@lorawatch/ingest';
import type { EgressLookup } from '@lorawatch/ingest';
import { testTtnV3Connection } from '@lorawatch/ingest';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { EgressPolicy } from '@lorawatch/platform/egress/egress-policy';
import { egressRulesOf } from '@lorawatch/platform/egress/egress-rules';
import { EventStoreTenancy } from '@lorawatch/platform/egress/event-store-tenancy';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { mqttEndpointOf } from '../collection/mqtt-endpoint';
import { ttnV2AccountOf } from '../collection/ttn-v2-account';
import { testTtnV2Connection } from '@lorawatch/ingest';
import { ttnBaseUrl } from '../domain/ttn-regions';
import type { DataSourceSettings } from '../domain/data-source.events';

/** A test gives up after this long (console part 2 §9: the console stops polling at 30 s too). */
export const CONNECTION_TEST_TIMEOUT_MS = 30_000;
const KEEP_RESULTS_MS = 10 * 60_000;

interface RunningTest {
  organizationId: number;
  startedAt: number;
  outcome: ConnectionTestOutcome | null;
}

/** "Test connection" before saving: runs in the background, polled by id (docs/api.md §4). */
@Injectable()
export class ConnectionTests implements OnModuleDestroy {
  private readonly tests = new Map<string, RunningTest>();
  private readonly secrets: SecretBox;
  private readonly tenancy: EventStoreTenancy;
  /** Tests connect where the data source would: through the same egress policy. */
  private readonly egress: EgressPolicy;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(EVENT_STORE) events: EventStore) {
    this.secrets = new SecretBox(config.secretKey);
    this.tenancy = new EventStoreTenancy(events);
    this.egress = new EgressPolicy(egressRulesOf(config), this.tenancy);
  }

  async onModuleDestroy(): Promise<void> {
    await this.tenancy.stop();
  }

  start(
    organizationId: number,
    settings: DataSourceSettings,
    timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
  ): string {
    this.forgetOld();
    const id = randomUUID();
    const test: RunningTest = { organizationId, startedAt: Date.now(), outcome: null };
    this.tests.set(id, test);
    void this.run(organizationId, settings, timeoutMs).then(
      (outcome) => (test.outcome = ConnectionTests.coarse(outcome)),
    );
    return id;
  }

  /** The egress policy for node:http requests an organisation's settings make (TTN). */
  egressLookup(organizationId: number): EgressLookup {
    return (port) => this.egress.lookupFor(port, { organizationId });
  }

  /** undefined: no such test for this organization; null: still running. */
  result(id: string, organizationId: number): ConnectionTestOutcome | null | undefined {
    const test = this.tests.get(id);
    if (!test || test.organizationId !== organizationId) return undefined;
    return test.outcome;
  }

  private async run(
    organizationId: number,
    settings: DataSourceSettings,
    timeoutMs: number,
  ): Promise<ConnectionTestOutcome> {
    const caller = { organizationId };
    try {
      if (settings.type === 'ttn_collector')
        return await testTtnV2Connection(
          { ...ttnV2AccountOf(settings, this.secrets), egress: this.egressLookup(organizationId) },
          timeoutMs,
        );
      if (settings.type === 'ttn_v3_collector') {
        return await testTtnV3Connection(
          {
            baseUrl: ttnBaseUrl(settings),
            gatewayIds: (settings.gateways ?? []).map((gateway) => gateway.gatewayId),
            apiKey: settings.gatewayApiKeySealed ? this.secrets.open(settings.gatewayApiKeySealed) : '',
            egress: this.egressLookup(organizationId),
          },
          timeoutMs,
        );
      }
      return await testMqttConnection(
        {
          ...mqttEndpointOf(settings, this.secrets),
          topics: settings.topics,
        },
        timeoutMs,
        (host, port) => this.egress.resolve(host, port, caller),
      );
    } catch (error) {
      return { type: 'ERROR', message: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * The answer an operator sees: a refusal or a coarse reason (an HTTP status, a network error code), never what
   * the peer wrote, so that a test tells nothing about a service that is not what the data source expects.
   */
  private static coarse(outcome: ConnectionTestOutcome): ConnectionTestOutcome {
    if (/refused by policy/.test(outcome.message))
      return { type: 'ERROR', message: 'The connection was refused by policy' };
    const status = /^HTTP \d{3}/.exec(outcome.message);
    return status ? { type: outcome.type, message: status[0] } : outcome;
  }

  private forgetOld(): void {
    const now = Date.now();
    for (const [id, test] of this.tests) if (now - test.startedAt > KEEP_RESULTS_MS) this.tests.delete(id);
  }
}
