// A pool thread started from the TypeScript sources (tests, ts-node style runs) loads its task through tsx; the
// compiled server starts the worker's .js file directly. The worker's file name comes in the thread's workerData.
const { join } = require('node:path');
const { workerData } = require('node:worker_threads');

process.env.TSX_TSCONFIG_PATH ??= join(__dirname, '../../../tsconfig.json');
require('tsx/cjs/api').register();
module.exports = require(workerData.tsWorker);
