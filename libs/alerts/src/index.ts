/**
 * The public entry of the alerts context: what other contexts may import (its events, views, ids and the ports
 * others implement). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { isAlertEvent } from './alert.events';
export { alertsProjection } from './projection/alerts.projection';
export { importanceChange, importanceOf } from './projection/followed-importance';
export { alertCountsByDataSource } from './queries/alert-counts-by-data-source';
export { alertJson } from './queries/alert.json';
export { AlertWindowQuery } from './queries/alerts.query';
export {
  checkDataSourceAccess,
  hourBucketJson,
  RawRange,
  type TimeWindow,
  timeWindow,
} from './queries/query-window';
