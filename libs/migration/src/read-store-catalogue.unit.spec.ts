import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';
import {
  checkpointTreatment,
  COPIED_COLLECTIONS,
  CONSUMER_GROUPS,
  POSITION_FIELDS,
  treatmentOf,
} from './read-store-catalogue';

const ROOT = join(__dirname, '../../..');

/** Product sources: no tests, no test fixtures, not the read store itself nor this lib. */
function productSources(): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (['node_modules', 'testing'].includes(entry.name)) continue;
        walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
        found.push({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(join(ROOT, 'libs'));
  walk(join(ROOT, 'apps'));
  return found.filter(
    ({ file }) => !file.startsWith('libs/read-store/') && !file.startsWith('libs/migration/'),
  );
}

const SOURCES = productSources();

/** Collection names as the code declares them: `const NAME = { name: '...' }` and literal `collection: '...'`. */
function declaredCollections(): Map<string, string> {
  const names = new Map<string, string>();
  const patterns = [
    /const [A-Z][A-Z0-9_]*(?:: CollectionSpec)? = \{\s*name: '([a-z][a-z0-9_]*)'/g,
    /collection: '([a-z][a-z0-9_]*)'/g,
  ];
  for (const { file, text } of SOURCES) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) names.set(match[1], file);
    }
  }
  return names;
}

/**
 * Files that commit a read-store checkpoint, each with how the migration treats it. A new one makes the spec fail:
 * classify its collections and checkpoints in read-store-catalogue.ts, then list it here.
 */
const CHECKPOINT_WRITERS: Record<string, string> = {
  'libs/projections/src/projection-runner.ts': 'projection version markers: rewritten by the runner',
  'libs/projections/src/projection-batch.ts': 'projection checkpoints: rebuilt',
  'libs/issues/src/tracker/issue-tracker.ts': 'ISSUE_TRACKER_CHECKPOINT: position',
  'libs/notifications/src/notifications.worker.ts': 'NOTIFICATIONS_CHECKPOINT: position',
  'libs/detection/src/detection-runner.ts':
    'detectorCheckpoint: offset; detectorJudgedCheckpoint: fence (not copied)',
  'libs/detection/src/key-audit-runner.ts': 'keyAuditCheckpoint: offset',
  'libs/detection/src/key-audit/key-audit-dispatcher.ts': 'keyAuditDeviceFence: fence (not copied)',
  'libs/dashboard/src/traffic/traffic-counters.ts': 'trafficCheckpoint: offset',
  'libs/processes/src/projector-progress.ts': 'PROJECTOR_POSITION: position',
  'libs/projections/src/scratch/build-read-models.ts':
    'the position of an as-of build: only in its own scratch file',
};

describe('the read-store catalogue of the migration', () => {
  it('finds the declarations it scans for (the scan itself works)', () => {
    const declared = declaredCollections();
    expect(declared.get('alerts')).toBe('libs/domain/src/alert.view.ts');
    expect(declared.get('detector_state')).toBe('libs/detection/src/event-time-watermark.ts');
  });

  it('classifies every collection the code declares: rebuilt by a projection or copied', () => {
    const unknown = [...declaredCollections()]
      .filter(([name]) => treatmentOf(name, PROJECTIONS_IN_ORDER) === 'unknown')
      .map(([name, file]) => `${name} (${file})`);
    expect(unknown).toEqual([]);
  });

  it('copies nothing a projection rebuilds, and lists each copied collection once', () => {
    const rebuilt = new Set(PROJECTIONS_IN_ORDER.flatMap((p) => p.collections.map((spec) => spec.name)));
    const copied = COPIED_COLLECTIONS.map((spec) => spec.name);
    expect(copied.filter((name) => rebuilt.has(name))).toEqual([]);
    expect(new Set(copied).size).toBe(copied.length);
    for (const { collection } of POSITION_FIELDS) expect(copied).toContain(collection);
  });

  it('knows every file that commits a read-store checkpoint', () => {
    // `.commit(` or a wrapper of it such as the detection runner's `.commitFenced(`.
    const writers = SOURCES.filter(({ text }) => /\.commit\w*\((?:(?!;)[\s\S])*?\{\s*name\b/.test(text)).map(
      ({ file }) => file,
    );
    expect(writers.sort()).toEqual(Object.keys(CHECKPOINT_WRITERS).sort());
  });

  it('carries over the offsets of every packet-log consumer group the code starts', () => {
    const groups = new Set<string>();
    for (const { text } of SOURCES) {
      // Started directly, or through the supervised consumer (`consumeSupervised(log, { group: … }, …)`).
      for (const match of text.matchAll(/(?:\.consume|consumeSupervised)\([^{;]*?\{\s*group: ([A-Za-z_.]+)/g))
        groups.add(match[1]);
    }
    const constants = SOURCES.flatMap(({ text }) =>
      [...text.matchAll(/export const ([A-Z_]+_GROUP) = '([^']+)'/g)].map((m) => [m[1], m[2]] as const),
    );
    const named = [...groups].map(
      (identifier) => constants.find(([constant]) => constant === identifier)?.[1],
    );
    expect(named).not.toContain(undefined);
    expect(named.sort()).toEqual([...CONSUMER_GROUPS].sort());
  });

  it('treats checkpoint names by what they count', () => {
    expect(checkpointTreatment('alerts', PROJECTIONS_IN_ORDER, 4)).toEqual({ kind: 'projection' });
    expect(checkpointTreatment('alerts:version', PROJECTIONS_IN_ORDER, 4)).toEqual({ kind: 'projection' });
    expect(checkpointTreatment('issue-tracker', PROJECTIONS_IN_ORDER, 4)).toEqual({ kind: 'position' });
    expect(checkpointTreatment('notifications-dispatcher', PROJECTIONS_IN_ORDER, 4)).toEqual({
      kind: 'position',
    });
    expect(checkpointTreatment('detectors-p3', PROJECTIONS_IN_ORDER, 4)).toEqual({
      kind: 'offset',
      partition: 3,
    });
    expect(checkpointTreatment('traffic-counters-p0', PROJECTIONS_IN_ORDER, 4)).toEqual({
      kind: 'offset',
      partition: 0,
    });
    expect(checkpointTreatment('detectors-judged-p2', PROJECTIONS_IN_ORDER, 4)).toEqual({ kind: 'fence' });
    expect(checkpointTreatment('key-audit-device:1:70b3d5499000001', PROJECTIONS_IN_ORDER, 4)).toEqual({
      kind: 'fence',
    });
    expect(checkpointTreatment('detectors-p4', PROJECTIONS_IN_ORDER, 4)).toEqual({ kind: 'unknown' });
    expect(checkpointTreatment('detectors-judged-p4', PROJECTIONS_IN_ORDER, 4)).toEqual({ kind: 'unknown' });
    expect(checkpointTreatment('something-new', PROJECTIONS_IN_ORDER, 4)).toEqual({ kind: 'unknown' });
  });
});
