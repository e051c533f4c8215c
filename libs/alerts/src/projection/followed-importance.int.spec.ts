import {
  AssetAttributeEventTypes,
  type AssetImportanceSet,
} from '@lorawatch/assets/domain/asset-attribute.events';
import type { AlertDraft } from '@lorawatch/domain/alert';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { deviceAssetId, assetNumericId } from '@lorawatch/domain/asset-id';
import type { Importance } from '@lorawatch/domain/risk';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { IssueEventTypes, type IssueOpened } from '@lorawatch/domain/issue.events';
import { ISSUES, type IssueView } from '@lorawatch/issues/projection/issue.view';
import { issuesProjection } from '@lorawatch/issues/projection/issues.projection';
import { issueJson } from '@lorawatch/issues/queries/issue.json';
import { alertOn, uplink } from '@lorawatch/issues/testing/issue-scenario';
import type { Projection } from '@lorawatch/projections/projection';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { alertOrder } from '../queries/alert-filter';
import { alertJson } from '../queries/alert.json';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { alertsProjection } from './alerts.projection';

const T0 = '2024-05-01T10:00:00.000Z';
const HIGH_DEVICE = { devEui: '0004a30b001c0530', devAddr: '26011234' };
const OTHER_DEVICE = { devEui: '0004a30b001c0999', devAddr: '26019999' };

/** Alerts and issues of a device, and importance set on it before and after, through both projections. */
describe('importance on alerts and issues', () => {
  const temp = createTempSqliteFile('followed-importance');
  let store: SqliteReadStore;
  let position = 0;

  beforeAll(() => {
    store = SqliteReadStore.open(temp.file);
    for (const projection of [alertsProjection, issuesProjection])
      for (const spec of projection.collections) store.collection(spec);
  });
  afterAll(async () => {
    await store?.close();
    temp.remove();
  });

  async function append(type: string, data: unknown): Promise<void> {
    position++;
    const event = {
      id: `e${position}`,
      type,
      data,
      metadata: { organizationId: 1, actor: 'test' },
      streamId: 's',
      revision: 0,
      position,
      recordedAt: T0,
    } as RecordedEvent;
    for (const projection of [alertsProjection, issuesProjection] as Projection[]) {
      if (!projection.eventTypes.includes(type)) continue;
      await store.commit(await projection.project(event, store), { name: projection.name, position });
    }
  }

  function setImportance(importance: Importance, device: { devEui: string }): Promise<void> {
    const assetId = deviceAssetId(1, device.devEui, null) ?? '';
    const event: AssetImportanceSet = {
      organizationId: 1,
      importance,
      assets: [{ assetId, numericId: assetNumericId(assetId), type: 'device' }],
    };
    return append(AssetAttributeEventTypes.ImportanceSet, event);
  }

  async function raise(device: typeof HIGH_DEVICE, fCnt: number): Promise<AlertDraft> {
    const alert = { ...alertOn('LAF-100', uplink(device, T0, fCnt)), organizationId: 1, dataSourceId: 1 };
    await append('AlertRaised', alert);
    const opened: IssueOpened = {
      issueId: alert.id,
      alertId: alert.id,
      code: 'LAF-100',
      organizationId: 1,
      dataSourceId: 1,
      asset: { type: 'DEVICE', devEui: device.devEui, devAddr: device.devAddr, gateway: null },
      since: T0,
    };
    await append(IssueEventTypes.Opened, opened);
    return alert;
  }

  const alertOf = async (id: string) => (await store.collection<AlertView>(ALERTS).get(id)) as AlertView;
  const issueOf = async (id: string) => (await store.collection<IssueView>(ISSUES).get(id)) as IssueView;

  it('starts alerts and issues at the asset importance, LOW while never set', async () => {
    const before = await raise(HIGH_DEVICE, 1);
    expect(alertJson(await alertOf(before.id), 'source', true).asset_importance).toBe('LOW');
    await setImportance('HIGH', HIGH_DEVICE);
    const after = await raise(HIGH_DEVICE, 2);
    expect(alertJson(await alertOf(after.id), 'source', true).asset_importance).toBe('HIGH');
    const issue = await issueOf(after.id);
    expect(issueJson(issue, await alertOf(after.id), 'source')).toMatchObject({
      asset_importance: 'HIGH',
      alert: { asset_importance: 'HIGH' },
    });
  });

  it('follows a later change on every alert and issue of that asset, and only of that asset', async () => {
    const first = await raise(HIGH_DEVICE, 3);
    const other = await raise(OTHER_DEVICE, 1);
    await setImportance('MEDIUM', HIGH_DEVICE);
    expect((await alertOf(first.id)).assetImportance).toBe('MEDIUM');
    expect((await issueOf(first.id)).assetImportance).toBe('MEDIUM');
    expect((await alertOf(other.id)).assetImportance).toBe('LOW');
    expect((await issueOf(other.id)).assetImportance).toBe('LOW');
    const all = await store
      .collection<AlertView>(ALERTS)
      .find({ assetId: deviceAssetId(1, HIGH_DEVICE.devEui, null) });
    expect(all.map((alert) => alert.assetImportance)).toEqual(all.map(() => 'MEDIUM'));
    expect(all).toHaveLength(3);
  });

  it('keeps the type name on each alert, so a list orders by the text shown', async () => {
    const alerts = await store
      .collection<AlertView>(ALERTS)
      .find({}, { sort: alertOrder(['type_name', 'ASC']) });
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) expect(alert.typeName).toBe(alertTypeByCode(alert.code)?.name);
  });

  it('writes only the importance record when the documents already show it', async () => {
    const assetId = deviceAssetId(1, HIGH_DEVICE.devEui, null) ?? '';
    const again: AssetImportanceSet = {
      organizationId: 1,
      importance: 'MEDIUM',
      assets: [{ assetId, numericId: assetNumericId(assetId), type: 'device' }],
    };
    const event = {
      type: AssetAttributeEventTypes.ImportanceSet,
      data: again,
      position: 99,
    } as RecordedEvent;
    const ops = await alertsProjection.project(event, store);
    expect(ops.map((op) => op.op)).toEqual(['upsert']);
  });
});
