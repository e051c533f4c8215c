import {
  CHROMIUM,
  STACK_ENV,
  chromiumAvailable,
  startConsoleStack,
  type ConsoleStack,
} from './console-stack';

declare global {
  var lorawatchConsoleStack: ConsoleStack | undefined;
}

/** Starts the console stack once for every browser test file (they skip themselves without Chromium). */
export default async function setup(): Promise<void> {
  if (!chromiumAvailable()) {
    console.log(`skipped: console end-to-end tests need ${CHROMIUM} (apt-get install chromium)`);
    return;
  }
  const stack = await startConsoleStack();
  globalThis.lorawatchConsoleStack = stack;
  process.env[STACK_ENV.url] = stack.url;
  process.env[STACK_ENV.mailDir] = stack.mailDir;
  process.env[STACK_ENV.demoMqttPort] = String(stack.demoMqttPort);
}
