import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { NotFound } from '@lorawatch/platform/domain-errors';
import type { ConnectionTests } from '../../connection-test/connection-tests';
import type { TestQuery } from './get-connection-test.query';

/**
 * The outcome of a connection test the caller's organisation started, or that it has not answered yet; a test
 * unknown to the organisation is not found (docs/api.md §4).
 */
export function getConnectionTest(tests: ConnectionTests, caller: AuthUser, query: TestQuery) {
  const outcome = tests.result(query.data_collector_id, caller.organizationId);
  if (outcome === undefined) throw new NotFound();
  if (outcome === null)
    return { haveResponse: false, type: 'NOTREADY', message: 'No response from connection test yet' };
  return {
    haveResponse: true,
    data_collector_id: query.data_collector_id,
    type: outcome.type,
    message: outcome.message,
  };
}
