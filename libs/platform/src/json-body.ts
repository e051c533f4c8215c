import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';

/** Deeper than any body of the API; the console's deepest is a policy with items with parameters. */
export const MAX_JSON_DEPTH = 32;

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/** Deepest nesting of arrays and objects in JSON text, read byte by byte (UTF-8 continuation bytes are never ASCII). */
export function jsonDepth(body: Buffer, stopAt = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPENERS.has(byte)) {
      deepest = Math.max(deepest, ++depth);
      if (deepest > stopAt) return deepest;
    } else if (CLOSERS.has(byte)) depth--;
  }
  return deepest;
}

class TooDeep extends Error {
  readonly status = 400;
  readonly expose = true;
}

function refuseDeepBodies(_request: IncomingMessage, _response: ServerResponse, body: Buffer): void {
  if (jsonDepth(body, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new TooDeep(`The body is nested more than ${MAX_JSON_DEPTH} levels deep`);
}

function withoutPrototypeKeys(key: string, value: unknown): unknown {
  return PROTOTYPE_KEYS.has(key) ? undefined : value;
}

/**
 * The JSON body parser of the API. Bodies nested deeper than MAX_JSON_DEPTH are refused with 400 before parsing,
 * as parsers and validators walk them recursively and would run out of stack (a 500). Keys that reach object
 * prototypes are dropped while parsing: they are never fields of ours, and class-transformer breaks on them. Applied
 * here, both cover every controller, including those that validate their body themselves.
 */
export function jsonBody(): RequestHandler {
  return express.json({ limit: '100kb', verify: refuseDeepBodies, reviver: withoutPrototypeKeys });
}
