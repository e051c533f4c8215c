import { startApp, type Harness } from '../../../test/support/app-harness';

/** The console's run-time settings: the map style URL from MAP_STYLE_URL, or null without one. */
describe('console config API', () => {
  let harness: Harness | undefined;

  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('answers the configured map style without a session', async () => {
    harness = await startApp({ MAP_STYLE_URL: 'https://tiles.example.org/styles/basic/style.json' });
    const response = await harness.http.get('/api/v1.0/console_config').expect(200);
    expect(response.body).toEqual({ map_style_url: 'https://tiles.example.org/styles/basic/style.json' });
  });

  it('answers null when no map style is configured', async () => {
    harness = await startApp();
    const response = await harness.http.get('/api/v1.0/console_config').expect(200);
    expect(response.body).toEqual({ map_style_url: null });
  });

  it('lets the map style origin through the Content-Security-Policy of the same answer', async () => {
    harness = await startApp({ MAP_STYLE_URL: 'https://tiles.example.org/styles/basic/style.json' });
    const response = await harness.http.get('/api/v1.0/console_config').expect(200);
    expect(response.headers['content-security-policy']).toContain('https://tiles.example.org');
  });
});
