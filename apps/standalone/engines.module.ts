import { Global, Logger, Module, type OnApplicationShutdown, Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { Metrics } from '@lorawatch/ops/metrics';
import { PACKET_LOG, type PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { CLOCK, systemClock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';

const DATABASE = Symbol('DATABASE');
const logger = new Logger('Engines');
const onError = (error: unknown) =>
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));

/** The embedded engines: event store, packet log and read store on one SQLite file in DATA_DIR. */
@Global()
@Module({
  providers: [
    {
      provide: DATABASE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => openDatabase(config.databaseFile),
    },
    {
      provide: EVENT_STORE,
      inject: [DATABASE],
      useFactory: (db: Database) => new SqliteEventStore(db, { onError }),
    },
    {
      provide: PACKET_LOG,
      inject: [DATABASE, APP_CONFIG],
      useFactory: (db: Database, config: AppConfig) =>
        new SqlitePacketLog(db, { partitions: config.packetLogPartitions, retentionDays: 30, onError }),
    },
    { provide: READ_STORE, inject: [DATABASE], useFactory: (db: Database) => new SqliteReadStore(db) },
    { provide: CLOCK, useValue: systemClock },
    { provide: Metrics, useValue: new Metrics() },
  ],
  exports: [EVENT_STORE, PACKET_LOG, READ_STORE, CLOCK, Metrics],
})
export class EnginesModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PACKET_LOG) private readonly packets: PacketLog,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.events.close();
    await this.packets.close();
    await this.store.close();
    if (this.db.open) this.db.close();
  }
}
