// `npm start`: build what is missing, then run the standalone app (API, websocket, console, engines) in this process.
const { join } = require('node:path');
const { buildIfNeeded } = require('./build-if-needed');

buildIfNeeded();
require(join(__dirname, '..', 'dist/apps/standalone/main.js')).start();
