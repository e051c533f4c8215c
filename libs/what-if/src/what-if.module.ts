import { Module } from '@nestjs/common';
import { CancelWhatIfController } from './commands/cancel-what-if/cancel-what-if.controller';
import { StartWhatIfController } from './commands/start-what-if/start-what-if.controller';
import { GetWhatIfController } from './queries/get-what-if/get-what-if.controller';
import { WhatIfService } from './what-if.service';

/**
 * What if a policy had been in force: sandbox replays of the stored packets (administrators), one controller per use
 * case (start a run, read it, cancel it).
 */
@Module({
  controllers: [StartWhatIfController, GetWhatIfController, CancelWhatIfController],
  providers: [WhatIfService],
})
export class WhatIfModule {}
