import { Module } from '@nestjs/common';
import { GetConsoleConfigController } from './queries/get-console-config/get-console-config.controller';

/** `GET console_config`: deployment settings the web console reads at run time (the map style). */
@Module({ controllers: [GetConsoleConfigController] })
export class ConsoleConfigModule {}
