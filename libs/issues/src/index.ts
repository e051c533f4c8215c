/**
 * The public entry of the issues context: what other contexts and the processes may import (its events, views and
 * ids). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { isIssueEvent, type IssuesEvent, type IssuesEventPayloads } from './domain/issue.events';
export { DATA_SOURCE_WATERMARKS, type DataSourceWatermarks } from './ports/data-source-watermarks.port';
export {
  ISSUE_ASSET_IMPORTANCE,
  ISSUE_DEVICE_COUNTS,
  ISSUE_DEVICE_MEMBERS,
  type IssueDeviceCountView,
  type IssueDeviceGrain,
  type IssueDeviceMemberView,
  ISSUES,
  type IssueView,
} from './projection/issue.view';
export { issuesOfAsset } from './projection/issues-of-asset';
