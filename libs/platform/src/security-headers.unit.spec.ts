import { createHash } from 'node:crypto';
import { contentSecurityDirectives, inlineScriptHashes, originOf } from './security-headers';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the Content-Security-Policy of the console', () => {
  it('allows exactly the inline scripts of the page, by hash', () => {
    const page =
      '<script>one()</script><script type="module" src="/a.js"></script><SCRIPT nonce="x">\ntwo()\n</SCRIPT>';
    expect(inlineScriptHashes(page)).toEqual([sha('one()'), sha('\ntwo()\n')]);
    expect(contentSecurityDirectives({ consoleHtml: page, mapStyleUrl: null })['script-src']).toEqual([
      "'self'",
      sha('one()'),
      sha('\ntwo()\n'),
    ]);
  });

  it("lets maplibre reach only the map style's origin", () => {
    const csp = contentSecurityDirectives({
      consoleHtml: null,
      mapStyleUrl: 'https://tiles.example.org/styles/bright/style.json?key=abc',
    });
    expect(csp['connect-src']).toEqual(["'self'", 'https://tiles.example.org']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.org']);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['script-src']).toEqual(["'self'"]);
  });

  it('ignores map style addresses that are not http(s)', () => {
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();
    expect(
      contentSecurityDirectives({ consoleHtml: null, mapStyleUrl: 'data:text/plain,x' })['connect-src'],
    ).toEqual(["'self'"]);
  });
});
