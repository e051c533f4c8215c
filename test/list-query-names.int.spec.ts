import type { Response } from 'supertest';
import { startApp, type Harness } from './support/app-harness';

/** Names every plain object inherits: a lookup with `in` or `object[name]` on user input would find them. */
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

/** What the table compares: the status, and whether a refusal says why. */
function answer(path: string, response: Response) {
  const message: unknown = (response.body as { message?: unknown }).message;
  const explained =
    (typeof message === 'string' && message !== '') ||
    (Array.isArray(message) && message.length > 0 && message.every((line) => typeof line === 'string'));
  return {
    path,
    serverError: response.status >= 500,
    refusedWithoutMessage: response.status >= 400 && !explained,
  };
}

describe('order_by and filter names that objects inherit', () => {
  let harness: Harness;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  /** Every GET of the API without path parameters, from its own OpenAPI document. */
  let paths: string[];
  /** Those that sort: they refuse an unknown order_by field by naming the allowed ones. */
  let sortable: string[];

  beforeAll(async () => {
    harness = await startApp();
    token = await harness.adminToken();
    const document = (await harness.http.get('/api/docs-json').expect(200)).body as {
      paths: Record<string, { get?: unknown }>;
    };
    paths = Object.entries(document.paths)
      .filter(([path, item]) => item.get !== undefined && !path.includes('{'))
      .map(([path]) => path);
    sortable = [];
    for (const path of paths) {
      const probe = await harness.http.get(`${path}?order_by[]=no_such_field&order_by[]=ASC`).set(auth());
      if (/order_by field must be one of/.test(String((probe.body as { message?: unknown }).message)))
        sortable.push(path);
    }
  });
  afterAll(async () => harness.close());

  it('finds the lists in the API document', () => {
    expect(paths.length).toBeGreaterThanOrEqual(30);
    expect(sortable).toContain('/api/v1.0/quarantined_devices');
    expect(sortable.length).toBeGreaterThanOrEqual(3);
  });

  it.each(PROTOTYPE_NAMES)(
    'answers 400 naming the fields to order_by[]=%s on every sortable list',
    async (name) => {
      const answers = [];
      for (const path of sortable) {
        const response = await harness.http
          .get(`${path}?order_by[]=${encodeURIComponent(name)}&order_by[]=ASC`)
          .set(auth());
        answers.push({
          path,
          status: response.status,
          message: (response.body as { message?: unknown }).message,
        });
      }
      expect(answers).toEqual(
        sortable.map((path) => ({
          path,
          status: 400,
          message: expect.stringMatching(/^order_by field must be one of: /),
        })),
      );
    },
  );

  it.each(PROTOTYPE_NAMES)(
    'never answers 500, and explains any refusal, to a filter or order_by named %s',
    async (name) => {
      const answers = [];
      for (const path of paths) {
        for (const query of [`${encodeURIComponent(name)}=1`, `order_by=${encodeURIComponent(name)},DESC`])
          answers.push(answer(path, await harness.http.get(`${path}?${query}`).set(auth())));
      }
      expect(answers).toEqual(
        answers.map(({ path }) => ({ path, serverError: false, refusedWithoutMessage: false })),
      );
    },
  );
});
