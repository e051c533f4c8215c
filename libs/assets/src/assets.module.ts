import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';

/** The assets API: its controllers and command handlers. */
@Module({ imports: [CqrsModule], controllers: [], providers: [], exports: [] })
export class AssetsModule {}
