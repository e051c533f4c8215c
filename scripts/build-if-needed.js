// Builds the server and the console when their output is missing or older than their sources.
const { execSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');

function newest(path) {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let latest = 0;
  const dir = path;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    latest = Math.max(latest, newest(join(dir, entry.name)));
  }
  return latest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((dir) => newest(join(root, dir)) > built);
}

function buildIfNeeded({ web = true } = {}) {
  if (stale(join(root, 'dist/apps/standalone/main.js'), ['apps', 'libs', 'bench'])) {
    console.log('Building the server...');
    execSync('npm run build:server', { cwd: root, stdio: 'inherit' });
  }
  if (web && stale(join(root, 'web/dist/index.html'), ['web/src', 'web/index.html'])) {
    console.log('Building the console...');
    execSync('npm run build:web', { cwd: root, stdio: 'inherit' });
  }
}

module.exports = { buildIfNeeded };
