import type { CommandBus } from '@nestjs/cqrs';
import type { ReadModelSync } from '@lorawatch/projections/read-model-sync';
import type { ActivationResult } from '../../domain/notification-preferences';
import { NotificationsApiError } from '../../http/notifications-errors';
import { ActivateDestinationCommand } from './activate-destination.handler';

/**
 * Follows an email or phone activation link and answers as the console reads it (docs/api.md §9): `email` /
 * `phone` on success, `code` otherwise; DISABLED_TOKEN is a 200 on purpose, an unknown token a 404.
 */
export async function activateDestination(
  commands: CommandBus,
  readModels: ReadModelSync,
  kind: 'email' | 'phone',
  token: string,
): Promise<{ email: string } | { phone: string } | { code: 'DISABLED_TOKEN' }> {
  const outcome = await commands.execute<ActivateDestinationCommand, ActivationResult>(
    new ActivateDestinationCommand(kind, token),
  );
  switch (outcome.result) {
    case 'SUCCESS':
      await readModels.settled();
      return outcome.kind === 'email' ? { email: outcome.value } : { phone: outcome.value };
    case 'NOT_FOUND':
      throw new NotificationsApiError(404, null);
    case 'DISABLED_TOKEN':
      return { code: 'DISABLED_TOKEN' };
    default:
      throw new NotificationsApiError(400, { code: outcome.result });
  }
}
