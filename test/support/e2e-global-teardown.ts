import './e2e-global-setup';

export default async function teardown(): Promise<void> {
  await globalThis.lorawatchConsoleStack?.stop();
}
