import { loadConfig } from '@lorawatch/config/app-config';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBannerText } from './start-banner';

describe('the start-up banner', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-banner-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('tells the address, the data folder, the demo network and a generated password, framed', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '9090' });
    const text = startBannerText(config, {
      admin: { username: 'admin', generatedPassword: 'Lw-secret7a' },
      demo: { mqttUrl: 'mqtt://127.0.0.1:1884', devices: 20, gateways: 3, uplinksPerSecond: 2 },
    });
    const lines = text.split('\n');
    expect(lines.filter((line) => /^=+$/.test(line))).toHaveLength(2);
    expect(text).toContain('http://localhost:9090');
    expect(text).toContain(config.dataDir);
    expect(text).toContain('20 devices, 3 gateways, 2 uplinks/s on mqtt://127.0.0.1:1884');
    expect(lines.find((line) => line.includes('Password'))).toMatch(/Password\s+Lw-secret7a$/);
    expect(text).toContain('shown this once');
  });

  it('shows no password on later starts and says when the demo network is off', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const text = startBannerText(config, { admin: null, demo: null });
    expect(text).not.toContain('Password');
    expect(text).toMatch(/Demo network\s+off/);
  });
});
