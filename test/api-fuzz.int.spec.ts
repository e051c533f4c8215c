import request from 'supertest';
import { startApp, type Harness } from './support/app-harness';
import { authorization, callerTokens, type Caller, type CallerTokens } from './support/callers';

/**
 * Bad input never answers 5xx (docs/architecture.md): every operation of the OpenAPI document gets many random and
 * malformed inputs from an anonymous caller, a user and an administrator. Inputs come from a seeded generator, so a
 * failure printed here can be replayed with FUZZ_SEED; FUZZ_CASES sets the number of cases per operation and caller.
 */

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}
interface JsonSchema {
  type?: string;
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  query: string[];
  body: Record<string, JsonSchema> | null;
}
interface Failure {
  caller: Caller;
  method: string;
  url: string;
  body: string;
  status: number | string;
  answer: string;
}

const SEED = Number(process.env.FUZZ_SEED ?? 20260314);
const CASES = Number(process.env.FUZZ_CASES ?? 24);
const CALLERS_FUZZED: Caller[] = ['anonymous', 'user', 'admin'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Query parameters the console sends somewhere (api-reference), tried on every operation besides its own. */
const KNOWN_QUERY = [
  'page',
  'size',
  'order_by[]',
  'from',
  'to',
  'type[]',
  'risk[]',
  'resolved',
  'data_collector[]',
  'data_collector',
  'created_at[gte]',
  'created_at[lte]',
  'last_up_timestamp[gte]',
  'date[gte]',
  'date[lte]',
  'include_parameters',
  'include_count',
  'hidden',
  'importance[]',
  'tag[]',
  'vendors[]',
  'gateway_ids[]',
  'asset_type',
  'search_param',
  'group_by',
  'clone',
  'id',
];

/** A small deterministic generator (mulberry32): the same seed gives the same requests. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Inputs {
  constructor(private readonly next: () => number) {}

  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.next() * values.length)];
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Strings that break naive parsers: numbers out of range, dates that are not, unicode, markup, huge text. */
  text(): string {
    return this.pick([
      '',
      ' ',
      '0',
      '-1',
      '1.5',
      '1e309',
      '-9223372036854775809',
      '99999999999999999999999999',
      'NaN',
      'Infinity',
      'true',
      'null',
      'undefined',
      '[]',
      '{}',
      'ASC',
      'DESC',
      'created_at',
      '2021-13-45T25:61:61Z',
      '2021-03-01',
      '0000-00-00',
      '9999-12-31T23:59:59Z',
      '-271821-04-20T00:00:00Z',
      "'; DROP TABLE alerts; --",
      '" OR 1=1 --',
      '$where',
      '{"$gt": ""}',
      '__proto__',
      'constructor',
      '../../etc/passwd',
      '%00',
      '\u0000',
      '\uD800',
      '💥🔥'.repeat(50),
      'Ω≈ç√∫˜µ≤≥÷',
      '<script>alert(1)</script>',
      'a'.repeat(10_000),
      'x'.repeat(200_000),
      'LAF-001',
      'HIGH',
      '0102030405060708',
      'admin@example.com',
    ]);
  }

  number(): number {
    return this.pick([0, -1, 1, 2, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_VALUE, 3]);
  }

  /** Any JSON value, of any type, nested a little. */
  value(depth = 0): unknown {
    const kind = this.pick(['text', 'number', 'boolean', 'null', 'array', 'object', 'text', 'number']);
    if (kind === 'text') return this.text();
    if (kind === 'number') return this.number();
    if (kind === 'boolean') return this.chance(0.5);
    if (kind === 'null' || depth > 2) return null;
    if (kind === 'array')
      return Array.from({ length: this.pick([0, 1, 3, 50]) }, () => this.value(depth + 1));
    return this.object(depth + 1);
  }

  object(depth = 0): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    for (let i = this.pick([0, 1, 2, 4]); i > 0; i--) object[this.key()] = this.value(depth);
    return object;
  }

  key(): string {
    return this.pick([
      'name',
      'id',
      'type',
      'items',
      'enabled',
      'unknown_field',
      '__proto__',
      'constructor',
      '',
      '💥',
    ]);
  }

  /** A value for a typed field: often well typed (to get past the first check), often not. */
  forSchema(schema: JsonSchema | undefined, components: Record<string, JsonSchema>, depth = 0): unknown {
    const resolved = schema?.$ref ? components[schema.$ref.split('/').pop() ?? ''] : schema;
    if (!resolved || depth > 3 || this.chance(0.35)) return this.value();
    if (resolved.enum && this.chance(0.5)) return this.pick(resolved.enum);
    switch (resolved.type) {
      case 'integer':
      case 'number':
        return this.number();
      case 'boolean':
        return this.chance(0.5);
      case 'array':
        return Array.from({ length: this.pick([0, 1, 2, 30]) }, () =>
          this.forSchema(resolved.items, components, depth + 1),
        );
      case 'object':
      case undefined:
        return resolved.properties
          ? this.body(resolved.properties, components, depth + 1)
          : this.object(depth + 1);
      default:
        return this.text();
    }
  }

  body(properties: Record<string, JsonSchema>, components: Record<string, JsonSchema>, depth = 0) {
    const body: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(properties)) {
      if (this.chance(0.8)) body[name] = this.forSchema(schema, components, depth);
    }
    if (this.chance(0.3)) body[this.key()] = this.value();
    return body;
  }

  pathId(): string {
    return this.pick([
      '1',
      '2',
      '0',
      '-1',
      'abc',
      '1.5',
      '1e3',
      '99999999999999999999999',
      '9223372036854775808',
      '%20',
      '%00',
      '%F0%9F%92%A5',
      'null',
      '__proto__',
      '..%2F..%2Fetc',
      '1'.repeat(400),
      '0x10',
    ]);
  }

  /** A query string the console would never send: odd keys, nesting, repetition, wrong shapes. */
  query(names: string[]): string {
    const parts: string[] = [];
    for (let i = this.pick([1, 2, 3, 6]); i > 0; i--) {
      const name = this.pick([...names, ...KNOWN_QUERY]);
      const shape = this.pick(['plain', 'plain', 'list', 'nested', 'object', 'empty']);
      const value = encode(this.text().slice(0, 3000));
      if (shape === 'plain') parts.push(`${encodeURIComponent(name)}=${value}`);
      else if (shape === 'list') parts.push(`${name}[]=${value}&${name}[]=${value}&${name}[5]=x`);
      else if (shape === 'nested') parts.push(`${name}[a][b][c][d][e][f]=${value}`);
      else if (shape === 'object') parts.push(`${name}[gte]=${value}&${name}[$ne]=1`);
      else parts.push(encodeURIComponent(name));
    }
    if (this.chance(0.1)) parts.push('__proto__[polluted]=1&constructor[prototype][x]=1');
    return parts.join('&');
  }
}

/** Percent-encoding that turns lone surrogates into invalid UTF-8 bytes instead of throwing. */
function encode(text: string): string {
  return Array.from(text, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

/** A raw body that is not what the endpoint expects, with the content type it claims. */
function rawBody(inputs: Inputs): { type: string; text: string } {
  return inputs.pick([
    { type: 'application/json', text: '{"name": ' },
    { type: 'application/json', text: '{"a":1,}' },
    { type: 'application/json', text: 'null' },
    { type: 'application/json', text: '42' },
    { type: 'application/json', text: '"text"' },
    { type: 'application/json', text: '[[[]]]' },
    { type: 'application/json', text: '['.repeat(5000) + ']'.repeat(5000) },
    { type: 'application/json', text: `{"x":"${'y'.repeat(300_000)}"}` },
    { type: 'application/json', text: '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}' },
    { type: 'application/json', text: '\u0000\u0001' },
    { type: 'text/plain', text: 'hello' },
    { type: 'application/x-www-form-urlencoded', text: 'a[b][c]=1&a[b][c]=2&name[]=x' },
    { type: 'application/xml', text: '<a>1</a>' },
    {
      type: 'multipart/form-data; boundary=x',
      text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    },
  ]);
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      const resolved = schema?.$ref
        ? document.components?.schemas?.[schema.$ref.split('/').pop() ?? '']
        : schema;
      operations.push({
        method,
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: operation.requestBody ? (resolved?.properties ?? {}) : null,
      });
    }
  }
  return operations;
}

describe('API fuzz: no input ever answers 5xx', () => {
  let harness: Harness;
  let tokens: CallerTokens;
  let document: OpenApiDocument;

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness);
    document = (await harness.http.get('/api/docs-json').expect(200)).body as OpenApiDocument;
  });
  afterAll(async () => harness.close());

  it('reads a document with the operations of every context', () => {
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.map((operation) => operation.path)).toEqual(
      expect.arrayContaining(['/api/v1.0/alerts', '/api/v1.0/login']),
    );
  });

  it('answers every random and malformed request of every caller with less than 500', async () => {
    const components = document.components?.schemas ?? {};
    // Sign-out and password changes would only end the callers' sessions and leave the rest untested.
    const operations = operationsOf(document).filter((operation) => !/\/logout$/.test(operation.path));
    const failures: Failure[] = [];
    let sent = 0;
    for (const [index, operation] of operations.entries()) {
      for (const caller of CALLERS_FUZZED) {
        const inputs = new Inputs(random(SEED + index * 7919 + CALLERS_FUZZED.indexOf(caller)));
        for (let n = 0; n < CASES; n++) {
          const path = operation.path.replace(/\{[^}]+\}/g, () => inputs.pathId());
          const query = inputs.chance(0.85) ? inputs.query(operation.query) : '';
          const url = query ? `${path}?${query}` : path;
          let call = request(harness.url)
            [operation.method](url)
            .set(authorization(tokens, caller))
            .timeout(15_000);
          let shown = '';
          if ((operation.method !== 'get' && operation.method !== 'delete') || inputs.chance(0.2)) {
            if (inputs.chance(0.3)) {
              const raw = rawBody(inputs);
              call = call.set('Content-Type', raw.type).send(raw.text);
              shown = `${raw.type}: ${raw.text.slice(0, 120)}`;
            } else {
              const body = operation.body
                ? inputs.body(operation.body, components)
                : inputs.chance(0.5)
                  ? inputs.object()
                  : inputs.value();
              // Serialised here, as supertest refuses bare numbers and booleans.
              call = call.set('Content-Type', 'application/json').send(JSON.stringify(body) ?? '');
              shown = JSON.stringify(body)?.slice(0, 200) ?? '';
            }
          }
          sent++;
          try {
            const answer = await call;
            if (answer.status >= 500) {
              failures.push({
                caller,
                method: operation.method.toUpperCase(),
                url: url.slice(0, 300),
                body: shown,
                status: answer.status,
                answer: answer.text.slice(0, 200),
              });
            }
          } catch (error) {
            failures.push({
              caller,
              method: operation.method.toUpperCase(),
              url: url.slice(0, 300),
              body: shown,
              status: 'no answer',
              answer: (error as Error).message,
            });
          }
        }
      }
    }
    if (failures.length > 0) {
      const lines = failures.map(
        (f) =>
          `${f.status} ${f.caller.padEnd(9)} ${f.method} ${f.url}\n    body: ${f.body}\n    answer: ${f.answer}`,
      );
      console.log(`${failures.length} of ${sent} requests failed (FUZZ_SEED=${SEED}):\n${lines.join('\n')}`);
    }
    expect(sent).toBeGreaterThan(operations.length * CALLERS_FUZZED.length);
    expect(failures).toEqual([]);
  }, 600_000);
});
