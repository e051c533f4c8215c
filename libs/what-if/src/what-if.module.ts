import { Module } from '@nestjs/common';
import { WhatIfController } from './what-if.controller';
import { WhatIfService } from './what-if.service';

/** What if a policy had been in force: sandbox replays of the stored packets (administrators). */
@Module({
  controllers: [WhatIfController],
  providers: [WhatIfService],
})
export class WhatIfModule {}
