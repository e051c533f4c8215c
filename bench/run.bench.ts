import { exitWith, runBench } from './bench-main';

/**
 * `npm run bench [-- --quick] [-- --only a,c] [-- --help]`: every benchmark scenario in one go; rewrites the tables
 * of bench/RESULTS.md (with --quick: bench/RESULTS.quick.md, never the record).
 */
exitWith(runBench(process.argv.slice(2)));
