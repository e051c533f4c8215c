/**
 * The connection-string schemes the store accepts. The client itself knows kurrentdb, kurrent, kdb and the
 * deprecated esdb (each also as +discover); EventStoreDB's documentation also wrote eventstoredb://, which the
 * client refuses. Both older names are the same protocol: they are handed to the client as kurrentdb.
 */
const SCHEME = /^(kurrentdb|kurrent|kdb|esdb|eventstoredb)(\+discover)?:\/\//i;

/** Older names of the scheme, as the client wants them. */
const CLIENT_SCHEME: Record<string, string> = {
  kurrentdb: 'kurrentdb',
  kurrent: 'kurrent',
  kdb: 'kdb',
  esdb: 'kurrentdb',
  eventstoredb: 'kurrentdb',
};

export const CONNECTION_STRING_EXAMPLE = 'kurrentdb://host:2113?tls=false';

/** Whether the store accepts a connection string's scheme (and something after it): for checks at start-up. */
export function isKurrentConnectionString(connectionString: string): boolean {
  const trimmed = connectionString.trim();
  const match = SCHEME.exec(trimmed);
  return match !== null && /^\S+$/.test(trimmed.slice(match[0].length));
}

/** The connection string the client accepts for one written with any accepted scheme; throws for others. */
export function clientConnectionString(connectionString: string): string {
  const trimmed = connectionString.trim();
  const match = SCHEME.exec(trimmed);
  if (!match) {
    throw new Error(
      `Not a KurrentDB connection string: it must start with kurrentdb://, kurrent://, kdb://, esdb:// or ` +
        `eventstoredb:// (optionally +discover), such as ${CONNECTION_STRING_EXAMPLE}`,
    );
  }
  const scheme = CLIENT_SCHEME[match[1].toLowerCase()];
  return `${scheme}${match[2] ?? ''}://${trimmed.slice(match[0].length)}`;
}
