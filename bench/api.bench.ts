import { exitWith, runBench } from './bench-main';

/**
 * `npm run bench:api [-- --scale 0.1 --concurrency 8 --requests 200]`: scenario (e) of `npm run bench` alone
 * (API latency of the dashboard and list endpoints on a generated store), printed, the record left as it is.
 */
const argv = process.argv.slice(2);
exitWith(
  runBench(
    ['--only', 'e', '--out', '-', ...argv],
    `npm run bench:api${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
  ),
);
