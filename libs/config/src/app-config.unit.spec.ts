import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidPassword } from '@lorawatch/domain/password-rule';
import { ConfigError, loadConfig } from './app-config';

describe('configuration from the environment', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('has working defaults and keeps generated secrets in DATA_DIR across starts', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({ port: 8080, demo: 'auto', demoMqttPort: 1884, packetLogPartitions: 4 });
    expect(first.admin).toEqual({ username: null, password: null, email: null });
    expect(first.secretKey).toHaveLength(32);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.secretKey.equals(first.secretKey)).toBe(true);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('reads DEMO as on, off or automatic', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DEMO: '1' }).demo).toBe('on');
    expect(loadConfig({ DATA_DIR: dataDir, DEMO: '0' }).demo).toBe('off');
  });

  it('refuses bad values with one message naming each of them', () => {
    const env = {
      DATA_DIR: dataDir,
      PORT: '99999',
      DEMO: 'yes',
      ADMIN_PASSWORD: 'short',
      ADMIN_USERNAME: 'No Spaces',
      SECRET_KEY: 'abc',
      ACCESS_TOKEN_SECONDS: '5',
    };
    try {
      loadConfig(env);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of [
        'PORT',
        'DEMO',
        'ADMIN_PASSWORD',
        'ADMIN_USERNAME',
        'SECRET_KEY',
        'ACCESS_TOKEN_SECONDS',
      ])
        expect(problems).toContain(name);
    }
  });

  it('applies the console password rule', () => {
    expect(isValidPassword('Adm1n!secret')).toBe(true);
    for (const weak of [
      'short1!A',
      'nouppercase1!',
      'NOLOWERCASE1!',
      'NoDigits!!',
      'NoSymbol123',
      'With Space1!',
      `A1!${'a'.repeat(48)}`,
    ]) {
      expect({ weak, strong: isValidPassword(weak) }).toEqual({ weak, strong: weak === 'short1!A' });
    }
  });
});
