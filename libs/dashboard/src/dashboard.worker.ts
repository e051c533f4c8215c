import { Injectable } from '@nestjs/common';

/** Background work of the dashboard context; the runtime starts it once the read models caught up. */
@Injectable()
export class DashboardWorker {
  async start(): Promise<void> {}

  async stop(): Promise<void> {}
}
