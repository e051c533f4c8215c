import { Module } from '@nestjs/common';
import { ConsoleConfigController } from './console-config.controller';

/** `GET console_config`: deployment settings the web console reads at run time (the map style). */
@Module({ controllers: [ConsoleConfigController] })
export class ConsoleConfigModule {}
