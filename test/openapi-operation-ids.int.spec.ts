import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, type Harness } from './support/app-harness';

/**
 * The OpenAPI document's operation ids are the API's names for its operations (clients generate code from them):
 * each operation has one, none is shared, and none comes from a controller's class name. The list beside this spec
 * (`openapi-operation-ids.txt`, one `METHOD path → operationId` a line, sorted by path) is the one the API answers,
 * so that renaming an operation, adding or removing one shows in review as a change to that list.
 */
const LIST = join(__dirname, 'openapi-operation-ids.txt');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], { operationId?: string }>>>;
}

describe('OpenAPI operation ids', () => {
  let harness: Harness;
  let operations: { method: string; path: string; operationId: string | undefined }[];

  beforeAll(async () => {
    harness = await startApp();
    const document = (await harness.http.get('/api/docs-json').expect(200)).body as OpenApiDocument;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method] !== undefined).map((method) => ({
        method: method.toUpperCase(),
        path,
        operationId: item[method]?.operationId,
      })),
    );
  });
  afterAll(async () => harness.close());

  it('gives every operation an id of its own, named after its handler', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map((operation) => operation.operationId);
    expect(ids.filter((id) => id === undefined || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('answers the operation ids of the list kept beside this spec', () => {
    const listed = readFileSync(LIST, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const answered = operations
      .map(({ method, path, operationId }) => `${method} ${path} → ${operationId ?? ''}`)
      .sort((a, b) => compare(sortKey(a), sortKey(b)));
    expect(answered).toEqual(listed);
  });
});

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Path first, then method: the operations of one path stand together. */
function sortKey(line: string): string {
  const [method, path] = line.split(' ');
  return `${path} ${method}`;
}
