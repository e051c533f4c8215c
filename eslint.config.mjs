import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

const root = dirname(fileURLToPath(import.meta.url));

/** The pure core: the domain model, the LoRaWAN codec and the detectors. No framework, no engine, no other lib. */
const CORE_LIBS = ['domain', 'lorawan', 'detectors', 'contracts'];
/** Storage and projection plumbing beneath the contexts. */
const PLUMBING_LIBS = ['sqlite', 'event-store', 'packet-log', 'read-store', 'projections'];
/** Shared infrastructure the contexts stand on: configuration, engines, HTTP and platform helpers, mail, operations. */
const INFRASTRUCTURE_LIBS = ['platform', 'config', 'engines', 'mail', 'ops'];
/** The libs that compose the contexts into runtimes. */
const COMPOSITION_LIBS = ['processes', 'migration'];
/** Packages the core must not load: the web framework, the engines' clients and the wire transports. */
const FRAMEWORK_AND_ENGINE_PACKAGES = [
  '@nestjs',
  '@kurrent',
  'kafkajs',
  'mongodb',
  'better-sqlite3',
  'mqtt',
  'aedes',
  'socket.io',
  'express',
  'nodemailer',
  'piscina',
];

const folders = (path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** Every other lib is a bounded context (a new lib counts as one until it is placed above). */
const CONTEXT_LIBS = folders('libs').filter(
  (lib) => ![...CORE_LIBS, ...PLUMBING_LIBS, ...INFRASTRUCTURE_LIBS, ...COMPOSITION_LIBS].includes(lib),
);
const inLibs = (libs) => libs.map((lib) => `libs/${lib}`);

/**
 * The contexts in levels, lowest first: a context imports only contexts on a lower level, never one on its own
 * level or above, so the context graph has no loop. A context not placed here (a new one) stands above them all:
 * it may import any of them, and none of them may import it, until it is placed.
 */
const CONTEXT_LEVELS = [
  ['accounts', 'app-keys', 'assets', 'console-config', 'ingest', 'policies', 'realtime'],
  ['alerts', 'detection', 'simulator', 'tags'],
  ['audit', 'dashboard', 'data-sources', 'issues', 'notifications', 'what-if'],
];
const levelOf = (context) => CONTEXT_LEVELS.findIndex((level) => level.includes(context));
const UNPLACED_CONTEXTS = CONTEXT_LIBS.filter((lib) => levelOf(lib) === -1);

// A context alone on the top level, with none unplaced, has nothing above it to refuse: it gets no zone.
const contextLevelZones = CONTEXT_LEVELS.flatMap((level, index) =>
  level.map((context) => ({
    target: `libs/${context}`,
    from: inLibs([
      ...CONTEXT_LEVELS.slice(index)
        .flat()
        .filter((other) => other !== context),
      ...UNPLACED_CONTEXTS,
    ]),
    message:
      'A context imports only contexts on a lower level (CONTEXT_LEVELS in eslint.config.mjs): for what it needs ' +
      'of a context above, give it a port of its own that the process wires in; a contract both read (events, ids, ' +
      'small views) belongs in libs/domain.',
  })),
).filter((zone) => zone.from.length > 0);

/**
 * A context's write side (`commands/`: handlers, their requests and helpers) is its own: another context asks
 * through what the context shows (its events, views and ids) or through a port. The what-if request still borrows
 * the policy items' request, grandfathered until the what-if moves off it.
 */
const COMMANDS_MESSAGE = "A context never imports another context's write side (its commands folder).";
const commandsOf = (contexts) => contexts.map((context) => `libs/${context}/src/commands`);
const commandZones = [
  ...CONTEXT_LIBS.map((context) => ({
    target: `libs/${context}`,
    from: commandsOf(
      CONTEXT_LIBS.filter((other) => other !== context && !(context === 'what-if' && other === 'policies')),
    ),
    message: COMMANDS_MESSAGE,
  })),
  {
    target: 'libs/what-if',
    from: 'libs/policies/src/commands',
    except: ['./shared/policy-item.request.ts'],
    message: COMMANDS_MESSAGE,
  },
];

/**
 * Each context shows other contexts one public entry (`libs/<context>/src/index.ts`: its events, views, ids and the
 * ports others implement); another context imports it only through that entry, never a file behind it. The
 * composition (processes, migration) wires the internals, and specs and testing/ folders may reach them.
 */
const entryZones = CONTEXT_LIBS.map((context) => ({
  target: `libs/${context}`,
  from: CONTEXT_LIBS.filter((other) => other !== context).map((other) => `libs/${other}/src`),
  except: ['./index.ts'],
  message:
    "A context imports another only through its public entry (@lorawatch/<context>, the context's src/index.ts): " +
    'what others need of it (events, views, ids, ports) is exported there.',
}));

/** Product code only: a spec may reach a context above its own to set the scene, and a context's internals. */
const contextZones = [...contextLevelZones, ...commandZones, ...entryZones];

/** Backend zones that hold for every file, product code and tests alike. */
const backendZones = [
  {
    target: inLibs(CORE_LIBS),
    from: 'libs',
    except: CORE_LIBS.map((lib) => `./${lib}`),
    message: 'The pure core (domain, lorawan, detectors) imports no lib outside itself.',
  },
  {
    target: inLibs(CORE_LIBS),
    from: 'apps',
    message: 'The pure core imports no app.',
  },
  {
    target: inLibs(PLUMBING_LIBS),
    from: inLibs(CONTEXT_LIBS),
    message: 'Storage and projection plumbing knows no context.',
  },
  {
    target: inLibs([...PLUMBING_LIBS, ...INFRASTRUCTURE_LIBS]),
    from: inLibs(COMPOSITION_LIBS),
    message:
      'Plumbing and infrastructure know no composition: what only the process knows (the list of read models, ' +
      'for one) comes in through a port or a parameter.',
  },
  {
    target: inLibs(INFRASTRUCTURE_LIBS),
    from: inLibs(CONTEXT_LIBS),
    message: 'Shared infrastructure knows no context: a context depends on it, never the other way round.',
  },
  {
    target: 'libs',
    from: 'apps',
    message: 'A lib never imports an app: the apps compose the libs.',
  },
];

/** Product code (apps and libs, not their specs or test doubles) never leans on test or benchmark support. */
const productZones = [
  ...backendZones,
  ...contextZones,
  {
    target: ['apps', 'libs'],
    from: ['test', 'bench'],
    message: 'Test and benchmark helpers stay out of the product.',
  },
];

const WEB_FEATURES = folders('web/src/features');
const webZones = [
  ...WEB_FEATURES.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need into web/src/lib or web/src/components.',
  })),
  {
    target: ['web/src/lib', 'web/src/components'],
    from: 'web/src/features',
    message: 'Shared code (web/src/lib, web/src/components) never imports a feature.',
  },
];

/** import-x reads TypeScript files (by default it follows only JavaScript, and no-cycle would see no TypeScript import). */
const IMPORT_SETTINGS = {
  'import-x/extensions': ['.ts', '.tsx'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

const BACKEND_FILES = ['apps/**/*.ts', 'libs/**/*.ts', 'bench/**/*.ts', 'test/**/*.ts'];
const WEB_FILES = ['web/**/*.ts', 'web/**/*.tsx'];
const TEST_FILES = ['**/*.spec.ts', '**/testing/**'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'test-output/**',
      // Files that break the rules on purpose, linted by test/lint-boundaries.unit.spec.ts.
      'test/fixtures/lint/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: BACKEND_FILES,
    plugins: { 'import-x': importX },
    settings: {
      ...IMPORT_SETTINGS,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: backendZones }],
    },
  },
  {
    // By package name, not by resolved path: the rule holds wherever node_modules lives (a linked checkout too).
    files: CORE_LIBS.map((lib) => `libs/${lib}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FRAMEWORK_AND_ENGINE_PACKAGES.flatMap((name) => [name, `${name}/**`]),
              message: 'The pure core imports no framework, no engine client and no transport.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: productZones }],
    },
  },
  {
    files: WEB_FILES,
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      ...IMPORT_SETTINGS,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: join(root, 'web/tsconfig.json') }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
