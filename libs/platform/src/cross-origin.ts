/** Response headers the console reads from paged lists (docs/api.md §1.6 A), so browsers must expose them. */
export const EXPOSED_HEADERS = ['total-items', 'total-pages'];

/** CORS settings shared by REST and Socket.IO, in the shape of the `cors` package both use. */
export interface CrossOriginPolicy {
  origin: string[] | false;
  methods: string[];
  allowedHeaders: string[];
  exposedHeaders: string[];
  credentials: false;
  maxAge: number;
}

/**
 * Only the listed origins get CORS headers; with none listed, none do, so only pages of our own origin can read
 * answers. Credentials stay off: the API authenticates with a bearer token, never with cookies.
 */
export function crossOriginPolicy(origins: readonly string[]): CrossOriginPolicy {
  return {
    origin: origins.length > 0 ? [...origins] : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
  };
}
