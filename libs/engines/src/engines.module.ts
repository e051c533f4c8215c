import {
  Global,
  Inject,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE } from '@lorawatch/event-store/event-store.port';
import { Metrics } from '@lorawatch/ops/metrics';
import { PACKET_LOG } from '@lorawatch/packet-log/packet-log.port';
import { CLOCK, systemClock } from '@lorawatch/platform/clock';
import { READ_STORE } from '@lorawatch/read-store/read-store.port';
import { openEngines, type Engines, type OpenEnginesOptions } from './open-engines';

export const ENGINES = Symbol('ENGINES');

const logger = new Logger('Engines');
const onError = (error: unknown) =>
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * The engines behind the ports, chosen by configuration: the embedded SQLite file in DATA_DIR, or KurrentDB,
 * Kafka and MongoDB for the ports whose URL is set.
 */
const ENGINE_OPTIONS = Symbol('ENGINE_OPTIONS');

@Global()
@Module({
  providers: [
    { provide: ENGINE_OPTIONS, useValue: {} },
    {
      provide: ENGINES,
      inject: [APP_CONFIG, ENGINE_OPTIONS, Metrics],
      useFactory: async (
        config: AppConfig,
        options: Pick<OpenEnginesOptions, 'streamBounds'>,
        metrics: Metrics,
      ) => {
        const engines = await openEngines(config, {
          ...options,
          onError,
          packetLogRejected: metrics.packetLogRejected,
        });
        const { events, packets, reads } = engines.kinds;
        logger.log(`Event store: ${events}, packet log: ${packets}, read store: ${reads}`);
        return engines;
      },
    },
    { provide: EVENT_STORE, inject: [ENGINES], useFactory: (engines: Engines) => engines.events },
    { provide: PACKET_LOG, inject: [ENGINES], useFactory: (engines: Engines) => engines.packets },
    { provide: READ_STORE, inject: [ENGINES], useFactory: (engines: Engines) => engines.store },
    { provide: CLOCK, useValue: systemClock },
    { provide: Metrics, useValue: new Metrics() },
  ],
  exports: [ENGINES, EVENT_STORE, PACKET_LOG, READ_STORE, CLOCK, Metrics],
})
export class EnginesModule implements OnApplicationShutdown {
  constructor(@Inject(ENGINES) private readonly engines: Engines) {}

  /** The engines with what the composing process knows of its streams (the engines know no context). */
  static forRoot(options: Pick<OpenEnginesOptions, 'streamBounds'>): DynamicModule {
    return {
      module: EnginesModule,
      providers: [{ provide: ENGINE_OPTIONS, useValue: options }],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.engines.close();
  }
}
