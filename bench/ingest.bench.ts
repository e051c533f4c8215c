import { exitWith, runBench } from './bench-main';

/**
 * `npm run bench:ingest [-- --messages N --formats chirpstack-v3,ttn-v3 --devices N]`: scenario (a) of
 * `npm run bench` alone (ingest per format beside the broker's raw rate), printed, the record left as it is.
 */
const argv = process.argv.slice(2);
exitWith(
  runBench(
    ['--only', 'a', '--out', '-', ...argv],
    `npm run bench:ingest${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
  ),
);
