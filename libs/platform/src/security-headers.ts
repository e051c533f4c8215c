import { createHash } from 'node:crypto';
import helmet from 'helmet';

export interface SecurityHeaderOptions {
  /** The console's index.html, whose inline scripts are allowed by hash; null when no console is served. */
  consoleHtml: string | null;
  /** The map style document the console loads (maplibre); its origin may be fetched, shown and tiled from. */
  mapStyleUrl: string | null;
}

/** `'sha256-…'` sources for the inline scripts of a page (scripts with a `src` are covered by 'self'). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The origin (scheme://host:port) of an http(s) URL, or null. */
export function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy directives. Everything is 'self' or 'none' except these relaxations, each one
 * something the console cannot work without:
 * - script-src: the hash of each inline script of index.html (the colour-scheme snippet that runs before the first
 *   paint), never 'unsafe-inline' or 'unsafe-eval';
 * - style-src 'unsafe-inline': Mantine writes its theme variables into <style> elements at run time; styles cannot
 *   run code, so the remaining risk is CSS-based leaks of page content, far smaller than allowing scripts;
 * - img-src data: blob:: Mantine's icons are data URLs and maplibre turns sprites and raster tiles into blobs;
 * - worker-src blob:: maplibre starts its tile-decoding worker from a blob URL;
 * - font-src data:: fonts the console bundles inline;
 * - the map style's origin in connect-src and img-src: maplibre fetches the style, vector tiles, glyphs and sprites
 *   from it (only that origin, not any host);
 * - connect-src 'self' also covers the Socket.IO connection: CSP level 3 matches ws:/wss: of the page's own host.
 * upgrade-insecure-requests is left out: the standalone server is often reached over plain HTTP on a LAN address,
 * where it would turn every asset request into a failing https one.
 */
export function contentSecurityDirectives(options: SecurityHeaderOptions): Record<string, string[]> {
  const mapOrigin = originOf(options.mapStyleUrl);
  const mapSources = mapOrigin ? [mapOrigin] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.consoleHtml ? inlineScriptHashes(options.consoleHtml) : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mapSources],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...mapSources],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Helmet with our CSP; HSTS without includeSubDomains, as sibling hosts of a console often serve plain HTTP. */
export function securityHeaders(options: SecurityHeaderOptions): ReturnType<typeof helmet> {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(options) },
    strictTransportSecurity: { maxAge: 180 * 86400, includeSubDomains: false },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
