// Builds the server and the console when their output is missing or older than their sources.
const { execSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
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
