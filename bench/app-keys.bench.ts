import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { KEY_SIZE, joinRequestEuis } from '@lorawatch/lorawan/app-keys/candidate-family';
import { candidateFamilies } from '@lorawatch/lorawan/app-keys/candidate-order';
import { findAppKey } from '@lorawatch/lorawan/app-keys/find-app-key';
import { JoinRequestTrial } from '@lorawatch/lorawan/app-keys/join-request-trial';
import { buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { AesCmac } from '@lorawatch/lorawan/aes-cmac';

/**
 * `node dist/bench/app-keys.bench.js [--runs N] [--organization-keys N]`: how fast the weak-AppKey search tries
 * keys against one join request whose key is in no family (the worst case: every candidate is tried), for the
 * whole candidate set and per family, beside the same trials on node:crypto's AES-CMAC (one context per key).
 */
function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const runs = argument('runs', 5);
const organizationKeys = Array.from({ length: argument('organization-keys', 500) }, () =>
  randomBytes(16).toString('hex'),
);
const frame = buildJoinRequest({
  appKey: randomBytes(16),
  joinEui: '70b3d57ed0001234',
  devEui: '0004a30b001c0530',
  devNonce: 4321,
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rate = (trials: number, ms: number) => Math.round((trials / ms) * 1000);

const whole: Array<{ ms: number; trials: number }> = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  const { hit, trials } = findAppKey(frame, candidateFamilies(organizationKeys));
  if (hit !== null) throw new Error('a random key was "found": the bench frame is wrong');
  whole.push({ ms: performance.now() - started, trials });
}
const wholeMs = median(whole.map((r) => r.ms));
console.log(`Whole candidate set (${organizationKeys.length} organisation keys), ${runs} runs`);
console.log(`  keys per join request: ${whole[0].trials}`);
console.log(`  median ${wholeMs.toFixed(1)} ms per join request, ${rate(whole[0].trials, wholeMs)} keys/s`);
console.log(`  runs (ms): ${whole.map((r) => r.ms.toFixed(1)).join(' · ')}`);

console.log('Per family (median of the runs):');
const euis = joinRequestEuis(frame);
for (const family of candidateFamilies(organizationKeys)) {
  const samples: number[] = [];
  let trials = 0;
  for (let run = 0; run < runs; run += 1) {
    const trial = new JoinRequestTrial(frame);
    const started = performance.now();
    family.forEach(euis, new Uint8Array(KEY_SIZE), (key) => trial.matches(key));
    samples.push(performance.now() - started);
    trials = trial.trials;
  }
  const ms = median(samples);
  console.log(
    `  ${family.name.padEnd(28)} ${String(trials).padStart(7)} keys ${ms.toFixed(2).padStart(8)} ms ${String(rate(trials, ms)).padStart(10)} keys/s`,
  );
}

const reference = 50_000;
const key = Buffer.alloc(16);
const message = frame.subarray(0, 19);
const started = performance.now();
for (let i = 0; i < reference; i += 1) {
  key.writeUInt32BE(i, 0);
  new AesCmac(key).mic(message);
}
const ms = performance.now() - started;
console.log(`Reference: node:crypto AES-CMAC, one context per key: ${rate(reference, ms)} keys/s`);
