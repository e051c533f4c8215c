/**
 * Every read model the server builds, by the name its projection registers: the value of `projection` in a
 * `projection_updated` message. A projection added without its name here fails the read-model names spec.
 */
export const READ_MODEL_NAMES = [
  'accounts',
  'policies',
  'data_sources',
  'data_source_log',
  'alerts',
  'issues',
  'app_keys',
  'assets',
  'asset-attributes',
  'tags',
  'notification_preferences',
  'notifications',
  'audit_events',
] as const;
export type ReadModelName = (typeof READ_MODEL_NAMES)[number];

/** The read models behind the asset lists (inventory, network overview): assets, their per-user attributes, tags. */
export const ASSET_READ_MODELS: readonly ReadModelName[] = ['assets', 'asset-attributes', 'tags'];

/** The read model behind the users list (users, organisations, ended sessions). */
export const ACCOUNTS_READ_MODEL: ReadModelName = 'accounts';

/** The read model behind Current Issues. */
export const ISSUES_READ_MODEL: ReadModelName = 'issues';

export function isReadModelName(name: unknown): name is ReadModelName {
  return typeof name === 'string' && (READ_MODEL_NAMES as readonly string[]).includes(name);
}
