import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { OPENAPI_ACCESS, type OpenApiAccess } from '../auth/jwt-auth.guard';

/** The access-token scheme every operation needs unless it says otherwise. */
export const BEARER_SCHEME = 'bearer';

/**
 * Where our API deliberately differs from the original contract it follows (docs/api.md §18):
 * a careful API does not copy the original's defects.
 */
const DIFFERENCES = [
  'Data-source passwords, API keys and client keys are never returned (the original returned them in clear); answers say only whether one is set (`password_set`, `client_key_set`).',
  'Invalid input answers 400 with a message naming the field, never 500; unknown query parameters and body fields are refused with 400.',
  'Expired, malformed or wrong-kind tokens answer 401 (the original answered 422 for some).',
  '`POST token_refresh` rotates the refresh token: the answer carries a new `refresh_token`; presenting an already used one revokes the whole sign-in.',
  'Alerts carry their `risk`; `new_alert` websocket messages carry the whole alert beside `alert_id`.',
  'A failed sign-in answers 403 `{"error":"forbidden access","message":"Username or password is incorrect"}` for every cause, so accounts cannot be enumerated.',
  'Conflicting concurrent changes answer 409.',
  'Policy item parameters are checked against the alert type schema (type, minimum, maximum: disabled in the original); PUT validation errors use the same coded list as POST; an item id is its alert type id; `POST policies?clone=<id>` copies a visible policy under a new name.',
  '`POST quarantined_devices/remove` works (the original crashed with 500): 200 with body `200`, 404 for an unknown issue, 409 for an issue already resolved; it raises LAF-601 with the user.',
  'Alerts of issue types are listed once their issue opens; recurrences while it is open stay hidden and are not notified, as the original stored them with `show=false`.',
  '`GET alerts` also pages by key: `after=<alert id>` (or `before=<alert id>`) answers the `size` alerts that follow (precede) that alert in the requested order, at the same cost at any depth; `page` and `size` work as in the original.',
  '`app_keys` writes are for administrators; a key that is not 32 hexadecimal characters answers 400 with the reason rather than a bare "Bad request".',
];

/** The websocket, which OpenAPI cannot describe as operations. */
const LIVE_UPDATES = [
  '**Live updates**',
  '',
  'Socket.IO on `/socket.io` (Engine.IO 3 and 4), same origin unless `CORS_ORIGINS` lists others. Emit `authorization` with `{"token": "<access token>"}` (again after each token refresh); messages then arrive for your organization only:',
  '- `new_alert` `{"alert_id": 12, "alert": {…}}`: a new alert is visible;',
  '- `updated_data_collector`: the whole data collector, when its status or settings change;',
  '- `new_notification`: a notification of yours (only to your own sockets);',
  '- `projection_updated` `{"projection": "alerts", "organization_id": 1, "position": 5321, "collections": ["alert_counts", "alerts"]}`: a read model of your organization changed, so screens reading it (dashboards, counts, tables) can reload instead of polling. `projection` names the read model, `collections` the stored collections written, `position` the event-store position of the newest change included (equal or lower positions are already reflected). At most one message per projection every 500 ms: changes in between are merged into the next message, so the last change is never missed.',
  '',
];

export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('LoRaWatch API')
    .setVersion('1.0')
    .setDescription(
      [
        'REST API of the LoRaWAN security console, following the original console contract under `/api/v1.0`.',
        '',
        ...LIVE_UPDATES,
        '**Differences from the original API**',
        ...DIFFERENCES.map((difference) => `- ${difference}`),
      ].join('\n'),
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER_SCHEME)
    .addSecurityRequirements(BEARER_SCHEME)
    .build();
  const document = declareAccess(
    SwaggerModule.createDocument(app, config, { operationIdFactory: operationId }),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });
}

/**
 * An operation's id is its handler's name (`listAlerts`, `exportAlerts`, `getAsset360`...), never its controller's:
 * splitting or renaming a controller keeps the ids clients generate code from. Handler names are unique across the
 * API for that reason, which test/openapi-operation-ids.int.spec.ts checks against the list kept beside it.
 */
export function operationId(_controllerKey: string, methodKey: string): string {
  return methodKey;
}

/**
 * The document requires the bearer token globally; operations marked public (login, recovery, health...) get
 * `security: []`, those where a token is optional (sign-up, or user creation by an administrator) accept either.
 */
export function declareAccess(document: OpenAPIObject): OpenAPIObject {
  for (const path of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const) {
      const operation = path[method] as (Record<string, unknown> & { security?: unknown }) | undefined;
      if (!operation) continue;
      const access = operation[OPENAPI_ACCESS] as OpenApiAccess | undefined;
      delete operation[OPENAPI_ACCESS];
      if (access === 'public') operation.security = [];
      else if (access === 'optional') operation.security = [{}, { [BEARER_SCHEME]: [] }];
    }
  }
  return document;
}
