import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { NotFound } from '@lorawatch/platform/domain-errors';
import type { TtnAccountGateways } from '../../ttn-accounts/ttn-account-gateways';

/** The gateways of the TTN v2 account the caller last signed in with, within the hour; none known → not found. */
export function listTtnAccountGateways(gateways: TtnAccountGateways, caller: AuthUser) {
  const known = gateways.of(caller.userId);
  if (!known) throw new NotFound();
  return known.map(({ id, description }) => ({ id, description }));
}
