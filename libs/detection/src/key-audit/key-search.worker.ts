import {
  runKeySearch,
  type KeySearchResult,
  type KeySearchTask,
} from '@lorawatch/detectors/app-keys/key-search';

/** The task a pool thread runs: one AppKey search, described by plain data, answered with plain data. */
export default function searchKeys(task: KeySearchTask): KeySearchResult {
  return runKeySearch(task);
}
