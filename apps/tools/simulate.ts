import { publishSimulation, type PublishProgress } from '@lorawatch/simulator/publish-simulation';
import { parseSimulateArguments, SIMULATE_USAGE } from '@lorawatch/simulator/simulate-arguments';

/**
 * `npm run simulate -- --url mqtt://HOST:PORT --devices N --gateways G --rate R [--attacks ...]`:
 * publishes a simulated LoRaWAN network to a broker, in real time, until the duration or Ctrl-C.
 */
async function simulate(): Promise<void> {
  const parsed = parseSimulateArguments(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`simulate: ${parsed.error}\n\n${SIMULATE_USAGE}`);
    process.exit(2);
  }
  const { options } = parsed;
  const controller = new AbortController();
  process.once('SIGINT', () => {
    console.log('\nstopping (Ctrl-C again to quit at once)...');
    controller.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  // docker stop / kubectl delete: finish the same way.
  process.once('SIGTERM', () => controller.abort());
  const attacks = options.attacks?.length ? options.attacks.join(', ') : 'none';
  console.log(
    `simulating ${options.devices} devices and ${options.gateways} gateways at ${options.rate} uplinks/s ` +
      `(${options.format}, attacks: ${attacks}, seed ${options.seed}) to ${options.url}`,
  );
  const result = await publishSimulation({
    ...options,
    signal: controller.signal,
    onProgress: (progress) => console.log(progressLine(progress)),
    progressIntervalMs: 5000,
  });
  console.log(`done: ${progressLine(result)}`);
}

function progressLine(progress: PublishProgress): string {
  const rate = progress.published / Math.max(progress.elapsedSeconds, 0.001);
  return (
    `${progress.elapsedSeconds.toFixed(1)} s: ${progress.published} messages (${rate.toFixed(1)}/s), ` +
    `${progress.uplinks} uplink receptions, ${progress.attacks} attack messages`
  );
}

simulate().catch((error: unknown) => {
  console.error(`simulate: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
