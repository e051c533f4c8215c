import { type ArgumentsHost, BadRequestException, Logger, ServiceUnavailableException } from '@nestjs/common';
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
  const request = { method: 'GET', originalUrl: '/api/v1.0/alerts?page=1' };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  return { host, answer };
}

describe('the catch-all exception filter', () => {
  let logged: string[];
  let counted: number;
  let filter: UnexpectedErrorFilter;

  beforeEach(() => {
    logged = [];
    counted = 0;
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown, stack?: unknown) => {
      logged.push(`${String(message)}\n${String(stack)}`);
    });
    filter = new UnexpectedErrorFilter(() => counted++);
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers a defect with a generic 500, and logs and counts it with its stack', () => {
    const { host, answer } = httpHost();
    filter.catch(new TypeError("Cannot read properties of undefined (reading 'secret')"), host);
    expect(answer).toEqual({
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' },
    });
    expect(JSON.stringify(answer.body)).not.toContain('secret');
    expect(counted).toBe(1);
    expect(logged[0]).toContain('GET /api/v1.0/alerts?page=1 failed');
    expect(logged[0]).toContain("reading 'secret'");
  });

  it('answers things that are not errors the same way', () => {
    const { host, answer } = httpHost();
    filter.catch('a string thrown by a library', host);
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('library');
  });

  it('keeps the answer of client errors as Nest gives it', () => {
    const { host, answer } = httpHost();
    filter.catch(new BadRequestException(['page must be an integer']), host);
    expect(answer).toEqual({
      status: 400,
      body: { statusCode: 400, message: ['page must be an integer'], error: 'Bad Request' },
    });
    expect(counted).toBe(0);
  });

  it('keeps the status of server-side HTTP exceptions but not their text', () => {
    const { host, answer } = httpHost();
    filter.catch(new ServiceUnavailableException('database file locked at /var/lib/x.db'), host);
    expect(answer.status).toBe(503);
    expect(JSON.stringify(answer.body)).not.toContain('/var/lib');
  });

  it('answers the 4xx of errors from below Nest, with their text only when it is marked safe to show', () => {
    const parse = Object.assign(new SyntaxError('Unexpected end of JSON input'), {
      status: 400,
      expose: true,
    });
    const hidden = Object.assign(new Error('connection to 10.0.0.5 refused'), { status: 403 });
    const first = httpHost();
    filter.catch(parse, first.host);
    expect(first.answer).toEqual({
      status: 400,
      body: { statusCode: 400, message: 'Unexpected end of JSON input' },
    });
    const second = httpHost();
    filter.catch(hidden, second.host);
    expect(second.answer).toEqual({ status: 403, body: { statusCode: 403, message: 'Bad request' } });
    expect(counted).toBe(0);
  });
});
