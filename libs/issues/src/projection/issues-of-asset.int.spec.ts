import type {
  AssetIssueSelection,
  IssuesAsset,
} from '@lorawatch/assets/queries/asset-alerts/asset-issues.port';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import {
  IssueEventTypes,
  ResolutionReason,
  type IssueAssetRef,
  type IssueClosed,
  type IssueOpened,
} from '@lorawatch/domain/issue.events';
import { issuesOfAsset } from './issues-of-asset';
import { issuesProjection } from './issues.projection';

const DEV_EUI = '70b3d57ed0000001';
const DEV_ADDR = '26011f01';
const GATEWAY = 'b827ebfffe000001';
const device = (devEui: string | null, devAddr: string | null): IssueAssetRef => ({
  type: 'DEVICE',
  devEui,
  devAddr,
  gateway: null,
});
const gateway: IssueAssetRef = { type: 'GATEWAY', devEui: null, devAddr: null, gateway: GATEWAY };

const theDevice: IssuesAsset = {
  organizationId: 1,
  dataSourceId: 1,
  type: 'device',
  hexId: DEV_EUI,
  devEui: DEV_EUI,
  devAddr: DEV_ADDR,
};
const theGateway: IssuesAsset = {
  organizationId: 1,
  dataSourceId: 1,
  type: 'gateway',
  hexId: GATEWAY,
  devEui: null,
  devAddr: null,
};

describe("an asset's open issues, read from the issues read model", () => {
  const temp = createTempSqliteFile('issues-of-asset');
  let store: SqliteReadStore;
  let position = 0;

  const project = async (type: string, data: IssueOpened | IssueClosed) => {
    position++;
    const event: RecordedEvent = {
      id: `e${position}`,
      type,
      data,
      metadata: {
        organizationId: 1,
        actor: 'test',
        correlationId: `c${position}`,
        causationId: null,
        occurredAt: '2024-03-05T00:00:00.000Z',
        schemaVersion: 1,
      },
      streamId: `issue-${data.issueId}`,
      revision: 0,
      position,
      recordedAt: '2024-03-05T00:00:00.000Z',
    };
    await store.commit(await issuesProjection.project(event, store), { name: 'issues', position });
  };
  const open = (
    issueId: string,
    code: IssueOpened['code'],
    asset: IssueAssetRef,
    since: string,
    more: Partial<IssueOpened> = {},
  ) =>
    project(IssueEventTypes.Opened, {
      issueId,
      alertId: `alert-${issueId}`,
      code,
      organizationId: 1,
      dataSourceId: 1,
      asset,
      since,
      ...more,
    });
  const ids = async (asset: IssuesAsset, selection: AssetIssueSelection) =>
    (await issuesOfAsset.openIssues(store, asset, selection)).map((issue) => issue.alertId).sort();

  beforeAll(async () => {
    store = SqliteReadStore.open(temp.file);
    for (const spec of issuesProjection.collections) store.collection(spec);
    await open('by-eui', 'LAF-100', device(DEV_EUI, null), '2024-03-05T01:00:00.000Z');
    await open('by-addr', 'LAF-401', device(null, DEV_ADDR), '2024-03-05T02:00:00.000Z');
    await open('gateway', 'LAF-010', gateway, '2024-03-05T03:00:00.000Z');
    await open('other-device', 'LAF-100', device('70b3d57ed0000002', '26011f02'), '2024-03-05T04:00:00.000Z');
    await open('other-source', 'LAF-100', device(DEV_EUI, DEV_ADDR), '2024-03-05T05:00:00.000Z', {
      dataSourceId: 2,
    });
    await open('other-organization', 'LAF-100', device(DEV_EUI, DEV_ADDR), '2024-03-05T06:00:00.000Z', {
      organizationId: 2,
    });
    await open('closed', 'LAF-100', device(DEV_EUI, DEV_ADDR), '2024-03-05T07:00:00.000Z');
    await project(IssueEventTypes.Closed, {
      issueId: 'closed',
      alertId: 'alert-closed',
      code: 'LAF-100',
      reason: ResolutionReason.MANUAL,
      comment: null,
      resolvedAt: '2024-03-05T08:00:00.000Z',
      resolvedBy: null,
      evidence: null,
    });
  });
  afterAll(async () => {
    await store?.close();
    temp.remove();
  });

  it("finds a device's open issues by its DevEUI or its DevAddr, in its own data source and organisation only", async () => {
    expect(await ids(theDevice, { since: null })).toEqual(['alert-by-addr', 'alert-by-eui']);
    expect(await ids({ ...theDevice, devAddr: null }, { since: null })).toEqual(['alert-by-eui']);
    expect(await ids({ ...theDevice, devEui: null, hexId: DEV_ADDR }, { since: null })).toEqual([
      'alert-by-addr',
    ]);
    expect(await ids({ ...theDevice, devEui: null, devAddr: null }, { since: null })).toEqual([]);
  });

  it("finds a gateway's issues by its EUI, and no device's", async () => {
    expect(await ids(theGateway, { since: null })).toEqual(['alert-gateway']);
    expect(await ids({ ...theGateway, hexId: DEV_EUI }, { since: null })).toEqual([]);
  });

  it('keeps the issues of the types, risks and opening dates asked', async () => {
    expect(await ids(theDevice, { since: null, codes: ['LAF-401'] })).toEqual(['alert-by-addr']);
    expect(await ids(theDevice, { since: null, codes: [] })).toEqual([]);
    expect(await ids(theDevice, { since: null, risks: ['LOW'] })).toEqual(['alert-by-addr', 'alert-by-eui']);
    expect(await ids(theDevice, { since: null, risks: ['MEDIUM'] })).toEqual([]);
    expect(await ids(theDevice, { since: { $gte: '2024-03-05T01:30:00.000Z' } })).toEqual(['alert-by-addr']);
    expect(await ids(theDevice, { since: { $lte: '2024-03-05T01:30:00.000Z' } })).toEqual(['alert-by-eui']);
  });

  it('answers with what the 360° view lists of each issue', async () => {
    const [issue] = await issuesOfAsset.openIssues(store, theGateway, { since: null });
    expect(issue).toMatchObject({
      organizationId: 1,
      alertId: 'alert-gateway',
      since: '2024-03-05T03:00:00.000Z',
      lastChecked: '2024-03-05T03:00:00.000Z',
      resolvedAt: null,
      resolvedBy: null,
      resolutionComment: null,
      resolutionReasonId: null,
    });
    expect(issue.numericId).toBe(3);
  });
});
