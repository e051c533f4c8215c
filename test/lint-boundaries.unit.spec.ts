import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The import boundaries, cycles and hook rules that eslint.config.mjs keeps: `npm run lint` fails on each. ESLint runs
 * as its own process (as `npm run lint` does): its configuration is an ES module, which jest's module system cannot load.
 */
const root = join(__dirname, '..');
const ESLINT = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

interface LintResult {
  messages: { ruleId: string | null; message: string }[];
}

function ruleIds(args: string[], input?: string): string[] {
  const run = spawnSync(process.execPath, [ESLINT, '--no-ignore', '--format', 'json', ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
  });
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`eslint exited with ${run.status}: ${run.stderr}`);
  const results = JSON.parse(run.stdout) as LintResult[];
  return results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message));
}

interface Zone {
  target: string | string[];
  message?: string;
}

/** The contexts, as the configuration counts them: the targets of its public-entry zones. */
function contextLibs(): string[] {
  const run = spawnSync(
    process.execPath,
    [ESLINT, '--print-config', join(root, 'libs/processes/src/boundary-probe.ts')],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`eslint exited with ${run.status}: ${run.stderr}`);
  const config = JSON.parse(run.stdout) as { rules: Record<string, [unknown, { zones: Zone[] }]> };
  const [, { zones }] = config.rules['import-x/no-restricted-paths'];
  return zones
    .filter((zone) => zone.message?.startsWith('A context imports another only through its public entry'))
    .flatMap((zone) => zone.target);
}

/** The rules a file at filePath (which need not exist) breaks with this code. */
function ruleIdsFor(filePath: string, code: string): string[] {
  return ruleIds(['--stdin', '--stdin-filename', join(root, filePath)], code);
}

describe('lint boundaries', () => {
  jest.setTimeout(120_000);

  // Each: a file (it need not exist), one import in it, and the rule it breaks (null: none).
  it.each<[string, string, string, string | null]>([
    [
      'refuses the framework in the pure core',
      'libs/domain/src/boundary-probe.ts',
      "import { Injectable } from '@nestjs/common';",
      'no-restricted-imports',
    ],
    [
      'refuses a lib outside the core in the pure core',
      'libs/detectors/src/boundary-probe.ts',
      "import { systemClock } from '@lorawatch/platform/clock';",
      'import-x/no-restricted-paths',
    ],
    [
      'lets the core import the core',
      'libs/detectors/src/boundary-probe.ts',
      "import { RISKS } from '@lorawatch/domain/risk';",
      null,
    ],
    [
      'refuses a context importing a context on a higher level',
      'libs/assets/src/boundary-probe.ts',
      "import { AlertEventTypes } from '@lorawatch/alerts/alert.events';",
      'import-x/no-restricted-paths',
    ],
    [
      'refuses a context importing another on its own level',
      'libs/tags/src/boundary-probe.ts',
      "import { AlertEventTypes } from '@lorawatch/alerts/alert.events';",
      'import-x/no-restricted-paths',
    ],
    [
      'lets a context import a context on a lower level through its public entry',
      'libs/alerts/src/boundary-probe.ts',
      "import { AssetAttributeEventTypes } from '@lorawatch/assets';",
      null,
    ],
    [
      'lets a spec reach a context above its own',
      'libs/assets/src/boundary-probe.spec.ts',
      "import { AlertEventTypes } from '@lorawatch/alerts/alert.events';",
      null,
    ],
    [
      'refuses the projection plumbing importing the composition',
      'libs/projections/src/scratch/boundary-probe.ts',
      "import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';",
      'import-x/no-restricted-paths',
    ],
    [
      'refuses one console feature importing another',
      'web/src/features/alerts/boundary-probe.ts',
      "import { USER_TEXTS } from '../users/utils/user-messages';",
      'import-x/no-restricted-paths',
    ],
    [
      'refuses shared console code importing a feature',
      'web/src/lib/boundary-probe.ts',
      "import { USER_TEXTS } from '../features/users/utils/user-messages';",
      'import-x/no-restricted-paths',
    ],
  ])('%s', (_title, filePath, importLine, rule) => {
    const symbol = /import \{ (\w+) \}/.exec(importLine)?.[1] ?? '';
    const ids = ruleIdsFor(filePath, `${importLine}\n\nexport const probe = ${symbol};\n`);
    if (rule === null) expect(ids).toEqual([]);
    else expect(ids).toContain(rule);
  });

  it("refuses a context reaching past another context's public entry", () => {
    const ids = ruleIdsFor(
      'libs/alerts/src/boundary-probe.ts',
      "import { hidingStream } from '@lorawatch/assets/domain/asset-attribute.events';\n\nexport const probe = hidingStream;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it("lets a spec reach another context's internals", () => {
    const ids = ruleIdsFor(
      'libs/alerts/src/boundary-probe.spec.ts',
      "import { hidingStream } from '@lorawatch/assets/domain/asset-attribute.events';\n\nexport const probe = hidingStream;\n",
    );
    expect(ids).toEqual([]);
  });

  it('finds one public entry in every context, importable by its name', () => {
    const contexts = contextLibs();
    expect(contexts).toEqual(expect.arrayContaining(['libs/accounts', 'libs/alerts', 'libs/what-if']));
    const paths = (
      JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {
        compilerOptions: { paths: Record<string, string[]> };
      }
    ).compilerOptions.paths;
    const missing = contexts.filter((lib) => {
      const entry = `${lib}/src/index.ts`;
      const name = `@lorawatch/${lib.slice('libs/'.length)}`;
      return !existsSync(join(root, entry)) || paths[name]?.[0] !== entry;
    });
    expect(missing).toEqual([]);
  });

  it('lets a context import the public entry of a context below it, not a file behind it', () => {
    expect(
      ruleIdsFor(
        'libs/what-if/src/boundary-probe.ts',
        "import { userStream } from '@lorawatch/accounts';\n\nexport const probe = userStream;\n",
      ),
    ).toEqual([]);
    expect(
      ruleIdsFor(
        'libs/what-if/src/boundary-probe.ts',
        "import { userStream } from '@lorawatch/accounts/domain/account.events';\n\nexport const probe = userStream;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it("refuses a context importing another context's write side", () => {
    const ids = ruleIdsFor(
      'libs/tags/src/boundary-probe.ts',
      [
        "import { SetImportanceBody } from '@lorawatch/assets/commands/set-importance/set-importance.dto';",
        '',
        'export const probe = SetImportanceBody;',
        '',
      ].join('\n'),
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses a hook called conditionally', () => {
    const ids = ruleIdsFor(
      'web/src/features/alerts/boundary-probe.tsx',
      [
        "import { useState } from 'react';",
        '',
        'export function useProbe(open: boolean): number {',
        '  if (!open) return 0;',
        '  const [value] = useState(1);',
        '  return value;',
        '}',
        '',
      ].join('\n'),
    );
    expect(ids).toContain('react-hooks/rules-of-hooks');
  });

  it('refuses an import cycle', () => {
    expect(ruleIds([join(root, 'test/fixtures/lint/cycle-a.ts')])).toContain('import-x/no-cycle');
  });
});
