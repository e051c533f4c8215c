import { Body, Controller, Inject, Put, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { textBody } from '@lorawatch/platform/domain-error-http';
import { DomainError } from '@lorawatch/platform/domain-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ResolveAlertCommand } from '../resolve-alert/resolve-alert.handler';
import { ResolveAlertsBody } from './resolve-alerts.dto';

/** Why one alert of a bulk resolve was not resolved. */
export interface ResolveFailure {
  id: number;
  error: string;
}

export interface ResolveAlertsAnswer {
  message: string;
  resolved: number[];
  failed: ResolveFailure[];
}

/** The `error` text of a refusal, as the single resolve would have answered it. */
function errorText(error: unknown): string {
  if (error instanceof DomainError) return textBody(error).error;
  throw error;
}

/**
 * Not in the original: resolves several alerts at once (the Alerts review's "Resolve selected"). Each alert is
 * resolved as PUT alerts/{id}/resolve would, one after the other; an alert that cannot be (unknown, hidden, another
 * organization's) is reported in `failed` and the others are still resolved. Admins only.
 */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ResolveAlertsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @AdminOnly()
  @Put('alerts/resolve')
  async resolveAlerts(
    @CurrentUser() user: AuthUser,
    @Body() body: ResolveAlertsBody,
  ): Promise<ResolveAlertsAnswer> {
    const resolved: number[] = [];
    const failed: ResolveFailure[] = [];
    for (const id of new Set(body.ids)) {
      try {
        await this.commands.execute(new ResolveAlertCommand(id, user, body.comment ?? null));
        resolved.push(id);
      } catch (error) {
        failed.push({ id, error: errorText(error) });
      }
    }
    // The lists read next show the alerts as resolved.
    await this.readModels.settled();
    const message =
      failed.length === 0
        ? `${resolved.length} ${resolved.length === 1 ? 'alert' : 'alerts'} resolved successfully`
        : `${resolved.length} resolved, ${failed.length} not resolved`;
    return { message, resolved, failed };
  }
}
