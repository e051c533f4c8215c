import { Injectable } from '@nestjs/common';

/** Background work of the notifications context; the runtime starts it once the read models caught up. */
@Injectable()
export class NotificationsWorker {
  async start(): Promise<void> {}

  async stop(): Promise<void> {}
}
