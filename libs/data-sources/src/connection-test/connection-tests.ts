import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { testMqttConnection, type ConnectionTestOutcome } from '@lorawatch/ingest/mqtt/test-mqtt-connection';
import { testTtnV3Connection } from '@lorawatch/ingest/ttn-v3/test-ttn-v3-connection';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { mqttEndpointOf } from '../collection/mqtt-endpoint';
import { ttnV2AccountOf } from '../collection/ttn-v2-account';
import { testTtnV2Connection } from '@lorawatch/ingest/ttn-v2/test-ttn-v2-connection';
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
export class ConnectionTests {
  private readonly tests = new Map<string, RunningTest>();
  private readonly secrets: SecretBox;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secrets = new SecretBox(config.secretKey);
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
    void this.run(settings, timeoutMs).then((outcome) => (test.outcome = outcome));
    return id;
  }

  /** undefined: no such test for this organization; null: still running. */
  result(id: string, organizationId: number): ConnectionTestOutcome | null | undefined {
    const test = this.tests.get(id);
    if (!test || test.organizationId !== organizationId) return undefined;
    return test.outcome;
  }

  private async run(settings: DataSourceSettings, timeoutMs: number): Promise<ConnectionTestOutcome> {
    try {
      if (settings.type === 'ttn_collector')
        return await testTtnV2Connection(ttnV2AccountOf(settings, this.secrets), timeoutMs);
      if (settings.type === 'ttn_v3_collector') {
        return await testTtnV3Connection(
          {
            baseUrl: ttnBaseUrl(settings),
            gatewayIds: (settings.gateways ?? []).map((gateway) => gateway.gatewayId),
            apiKey: settings.gatewayApiKeySealed ? this.secrets.open(settings.gatewayApiKeySealed) : '',
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
      );
    } catch (error) {
      return { type: 'ERROR', message: error instanceof Error ? error.message : String(error) };
    }
  }

  private forgetOld(): void {
    const now = Date.now();
    for (const [id, test] of this.tests) if (now - test.startedAt > KEEP_RESULTS_MS) this.tests.delete(id);
  }
}
