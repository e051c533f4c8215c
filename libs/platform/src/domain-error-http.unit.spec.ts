import { type ArgumentsHost, Logger } from '@nestjs/common';
import { toHttp } from './domain-error-http';
import {
  Conflict,
  type DomainError,
  Forbidden,
  Invalid,
  NotFound,
  Unavailable,
  Unprocessable,
} from './domain-errors';
import { badRequest, conflict, forbidden, notFound } from './http-errors';
import { UnexpectedErrorFilter } from './unexpected-error.filter';

/** An HTTP host whose response records what the filter answered. */
function httpHost() {
  const answer: { status?: number; body?: unknown } = {};
  const response = {
    headersSent: false,
    status(code: number) {
      answer.status = code;
      return response;
    },
    json(body: unknown) {
      answer.body = body;
      return response;
    },
    end: () => response,
  };
  const request = { method: 'PUT', originalUrl: '/api/v1.0/alerts/7/resolve' };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  return { host, answer };
}

/** Each refusal a command can throw, with the status and body the API answers it with (docs/api.md §1.4). */
const CASES: [string, DomainError, number, unknown][] = [
  ['an unknown thing', new NotFound(), 404, { error: 'not found', message: 'Not found' }],
  ['a forbidden access', new Forbidden(), 403, { error: 'forbidden access', message: 'Forbidden' }],
  [
    'a forbidden access with its reason',
    new Forbidden('You can register at most 10000 app keys'),
    403,
    { error: 'You can register at most 10000 app keys', message: 'Forbidden' },
  ],
  [
    'a forbidden access answered with nothing',
    new Forbidden('forbidden access', { silent: true }),
    403,
    null,
  ],
  [
    'a value the domain rejects',
    new Invalid('Not allowed policy.'),
    400,
    { error: 'Not allowed policy.', message: 'Not allowed policy.' },
  ],
  [
    'coded reasons',
    Invalid.coded([
      { code: 'EXISTING_NAME', message: 'Existing tag with that name' },
      { code: 'INVALID_COLOR', message: 'Bad colour', parameters: { max: 8 } },
    ]),
    400,
    [
      { code: 'EXISTING_NAME', message: 'Existing tag with that name' },
      { code: 'INVALID_COLOR', message: 'Bad colour', parameters: { max: 8 } },
    ],
  ],
  [
    'a state that forbids the change',
    new Conflict('The issue is already resolved'),
    409,
    { error: 'The issue is already resolved', message: 'The issue is already resolved' },
  ],
  [
    'an unknown thing named by the command',
    new Unprocessable(),
    422,
    { error: 'Unprocessable entity', message: 'Unprocessable entity' },
  ],
  [
    'a command that cannot be carried out now',
    new Unavailable('The history could not be built'),
    503,
    { error: 'The history could not be built', message: 'The history could not be built' },
  ],
];

describe('domain errors in the API', () => {
  let counted: number;
  let logged: number;
  let filter: UnexpectedErrorFilter;

  beforeEach(() => {
    counted = 0;
    logged = 0;
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {
      logged++;
    });
    filter = new UnexpectedErrorFilter(() => counted++);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each(CASES)('answers %s with its status and body', (_case, error, status, body) => {
    expect(toHttp(error)).toEqual({ status, body });
    const { host, answer } = httpHost();
    filter.catch(error, host);
    expect(answer).toEqual({ status, body });
    // A refusal is an answer, not a defect: nothing is logged or counted.
    expect(counted).toBe(0);
    expect(logged).toBe(0);
  });

  it('keeps the message of a refusal for the callers that are not the API', () => {
    const error = new Forbidden('forbidden access', { silent: true });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('Forbidden');
    expect(error.message).toBe('forbidden access');
    expect(Invalid.coded([{ code: 'INVALID_STATUS', message: 'Invalid status' }]).message).toBe(
      'Invalid status',
    );
  });

  it('gives the HTTP layer helpers the same bodies', () => {
    expect(notFound().getResponse()).toEqual(toHttp(new NotFound()).body);
    expect(notFound().getStatus()).toBe(404);
    expect(forbidden().getResponse()).toEqual(toHttp(new Forbidden()).body);
    expect(forbidden().getStatus()).toBe(403);
    expect(badRequest('Missing user').getResponse()).toEqual({
      error: 'Missing user',
      message: 'Missing user',
    });
    expect(badRequest('Missing user').getStatus()).toBe(400);
    expect(conflict('Taken').getResponse()).toEqual({ error: 'Taken', message: 'Taken' });
    expect(conflict('Taken').getStatus()).toBe(409);
  });
});
