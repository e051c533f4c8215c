const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/**
 * Field paths are written into SQL text (expression indexes only match literal JSON paths), so they are
 * checked against a strict pattern; values are never written into SQL.
 */
export function fieldSegments(path: string): string[] {
  const segments = path.split('.');
  if (!FIELD_PATH.test(path) || segments.some((segment) => segment === '')) {
    throw new Error(`Invalid field path "${path}"`);
  }
  return segments;
}

export type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function getField(doc: JsonObject, path: string): unknown {
  let current: unknown = doc;
  for (const segment of fieldSegments(path)) {
    if (!isObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** Sets a dotted path like Mongo's $set, creating missing parents; undefined removes the field. */
export function setField(doc: JsonObject, path: string, value: unknown): void {
  const segments = fieldSegments(path);
  let parent = doc;
  for (const segment of segments.slice(0, -1)) {
    const child = parent[segment];
    if (child === undefined || child === null) parent[segment] = {};
    else if (!isObject(parent[segment]))
      throw new Error(`Cannot set "${path}": "${segment}" is not an object`);
    parent = parent[segment] as JsonObject;
  }
  const last = segments[segments.length - 1];
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}
