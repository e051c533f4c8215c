import { STACK_ENV, consoleSkipReason, startConsoleStack, type ConsoleStack } from './console-stack';

declare global {
  var lorawatchConsoleStack: ConsoleStack | undefined;
}

/**
 * Starts the console stack once for every browser test file. Without Chromium it starts nothing: each console test
 * file then reports its tests as skipped (see `describeConsole`).
 */
export default async function setup(): Promise<void> {
  const skipReason = consoleSkipReason();
  if (skipReason) {
    console.log(`skipped: console end-to-end tests: ${skipReason}`);
    return;
  }
  const stack = await startConsoleStack();
  globalThis.lorawatchConsoleStack = stack;
  process.env[STACK_ENV.url] = stack.url;
  process.env[STACK_ENV.mailDir] = stack.mailDir;
  process.env[STACK_ENV.demoMqttPort] = String(stack.demoMqttPort);
}
