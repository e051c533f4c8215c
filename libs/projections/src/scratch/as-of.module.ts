import { Module } from '@nestjs/common';
import { AsOfReadModels } from './as-of-read-models';

/** The read models as they stood at a past time (`as_of`), shared by every module that answers with them. */
@Module({
  providers: [AsOfReadModels],
  exports: [AsOfReadModels],
})
export class AsOfModule {}
