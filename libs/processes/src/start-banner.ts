import { Logger } from '@nestjs/common';
import type { AppConfig } from '@lorawatch/config/app-config';

/** What a person starting the console needs to know, gathered by the runtime while it starts. */
export interface StartSummary {
  /** Set on the first start only, when the administrator's password was generated. */
  admin: { username: string; generatedPassword: string | null } | null;
  /** The simulated network, when it runs. */
  demo: { mqttUrl: string; devices: number; gateways: number; uplinksPerSecond: number } | null;
}

export const adminPasswordNotice = (username: string, password: string): string =>
  `Created the administrator "${username}" with the password ${password} (shown this once; ` +
  'set ADMIN_PASSWORD beforehand to choose your own)';

/**
 * The lines `npm start` ends its start-up with: where the console is, where its data lives, whether the demo
 * network runs, and, on the first start, the administrator's password, set apart so that it cannot be missed.
 * With `LOG_FORMAT=json` it is one log entry whose fields carry the same facts.
 */
export function printStartBanner(config: AppConfig, summary: StartSummary): void {
  const url = `http://localhost:${config.port}`;
  const password = summary.admin?.generatedPassword ?? null;
  if (config.logFormat === 'json') {
    new Logger('LoRaWatch').log({
      msg: 'LoRaWatch is ready',
      url,
      dataDir: config.dataDir,
      demo: summary.demo,
      ...(password !== null ? { adminUsername: summary.admin?.username, adminPassword: password } : {}),
    });
    return;
  }
  process.stdout.write(startBannerText(config, summary));
}

export function startBannerText(config: AppConfig, summary: StartSummary): string {
  const rows: [string, string][] = [
    ['Console', `http://localhost:${config.port}`],
    ['Data', `${config.dataDir} (delete it to start afresh)`],
    [
      'Demo network',
      summary.demo
        ? `${summary.demo.devices} devices, ${summary.demo.gateways} gateways, ${summary.demo.uplinksPerSecond} ` +
          `uplinks/s on ${summary.demo.mqttUrl}, attacks included (DEMO=0 turns it off)`
        : 'off',
    ],
  ];
  const password = summary.admin?.generatedPassword ?? null;
  if (password !== null && summary.admin) {
    rows.push(['Sign in as', summary.admin.username], ['Password', password]);
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  const rule = '='.repeat(Math.max(40, ...lines.map((line) => line.length)) + 2);
  const notice =
    password !== null
      ? [
          '',
          '  The password is shown this once: keep it now. Set ADMIN_PASSWORD to choose your own on a new DATA_DIR.',
        ]
      : [];
  return ['', rule, '  LoRaWatch is running', '', ...lines, ...notice, rule, '', ''].join('\n');
}
