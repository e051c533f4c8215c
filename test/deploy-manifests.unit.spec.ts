import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * The Kubernetes manifests' persistent volumes. A new ext4 volume holds `lost+found` at its root, and a server that
 * takes every folder of its data directory for its own refuses to start on it (Kafka: "Found directory
 * /var/lib/kafka/data/lost+found, 'lost+found' is not in the form of topic-partition"). So no server keeps its data
 * at the root of a claimed volume: either the mount takes a subPath of the volume, or the server's data directory
 * setting names a folder below the mount.
 */
const MANIFESTS = join(__dirname, '../deploy/kubernetes');

interface VolumeMount {
  name: string;
  mountPath: string;
  subPath?: string;
}
interface Container {
  name: string;
  command?: string[];
  args?: string[];
  env?: Array<{ name: string; value?: string }>;
  volumeMounts?: VolumeMount[];
}
interface StatefulSet {
  kind: 'StatefulSet';
  metadata: { name: string };
  spec: {
    template: { spec: { containers: Container[] } };
    volumeClaimTemplates?: Array<{ metadata: { name: string } }>;
  };
}

/** Where each server of the manifests is told to keep its data: environment variables and command-line flags. */
const DATA_DIR_ENV = ['KAFKA_LOG_DIRS', 'KURRENTDB_DB', 'KURRENTDB_INDEX'];
const DATA_DIR_FLAGS = ['--dbpath'];

function statefulSets(): StatefulSet[] {
  const sets: StatefulSet[] = [];
  for (const file of readdirSync(MANIFESTS).filter((name) => name.endsWith('.yaml'))) {
    for (const document of parseAllDocuments(readFileSync(join(MANIFESTS, file), 'utf8'))) {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0].message}`);
      const value: unknown = document.toJS();
      if (
        typeof value === 'object' &&
        value !== null &&
        (value as { kind?: unknown }).kind === 'StatefulSet'
      ) {
        sets.push(value as StatefulSet);
      }
    }
  }
  return sets;
}

/** The data directories a container's settings name (comma-separated lists split, as Kafka's log.dirs). */
function dataDirs(container: Container): string[] {
  const fromEnv = (container.env ?? [])
    .filter((entry) => DATA_DIR_ENV.includes(entry.name) && entry.value !== undefined)
    .flatMap((entry) => (entry.value ?? '').split(','));
  const words = [...(container.command ?? []), ...(container.args ?? [])];
  const fromFlags = words.flatMap((word, index) => {
    const flag = DATA_DIR_FLAGS.find((name) => word === name || word.startsWith(`${name}=`));
    if (!flag) return [];
    return [word === flag ? (words[index + 1] ?? '') : word.slice(flag.length + 1)];
  });
  return [...fromEnv, ...fromFlags].map((dir) => dir.trim()).filter((dir) => dir !== '');
}

function isBelow(dir: string, mountPath: string): boolean {
  const relative = posix.relative(posix.normalize(mountPath), posix.normalize(dir));
  return relative !== '' && !relative.startsWith('..') && !posix.isAbsolute(relative);
}

/** Why a claimed volume's mount leaves the server's data at the volume root, or null when it does not. */
function dataAtVolumeRoot(container: Container, mount: VolumeMount): string | null {
  if (mount.subPath !== undefined && mount.subPath.replace(/^\/+|\/+$/g, '') !== '') return null;
  const inside = dataDirs(container).filter(
    (dir) => dir === mount.mountPath || dir.startsWith(`${mount.mountPath}/`),
  );
  if (inside.length === 0) {
    return `${container.name} mounts the volume "${mount.name}" at ${mount.mountPath} without a subPath, and no data directory setting names a folder below it`;
  }
  const atRoot = inside.filter((dir) => !isBelow(dir, mount.mountPath));
  return atRoot.length === 0
    ? null
    : `${container.name} keeps its data at the root of the volume "${mount.name}" (${atRoot.join(', ')})`;
}

describe('Kubernetes manifests: persistent data below the volume root', () => {
  const sets = statefulSets();

  it('finds the StatefulSets of the servers that keep data', () => {
    expect(sets.map((set) => set.metadata.name).sort()).toEqual(['kafka', 'kurrentdb', 'mongodb']);
  });

  it.each(sets.map((set) => [set.metadata.name, set] as const))(
    '%s keeps its data in a folder of its volume, never at the volume root (lost+found)',
    (_name, set) => {
      const claims = new Set((set.spec.volumeClaimTemplates ?? []).map((claim) => claim.metadata.name));
      expect(claims.size).toBeGreaterThan(0);
      const mounts = set.spec.template.spec.containers.flatMap((container) =>
        (container.volumeMounts ?? [])
          .filter((mount) => claims.has(mount.name))
          .map((mount) => ({ container, mount })),
      );
      // Every claimed volume is mounted somewhere.
      expect(new Set(mounts.map(({ mount }) => mount.name))).toEqual(claims);
      const problems = mounts
        .map(({ container, mount }) => dataAtVolumeRoot(container, mount))
        .filter((problem): problem is string => problem !== null);
      expect(problems).toEqual([]);
    },
  );
});

describe('the volume-root check itself', () => {
  const container = (env: Record<string, string>, args: string[] = []): Container => ({
    name: 'server',
    args,
    env: Object.entries(env).map(([name, value]) => ({ name, value })),
  });
  const mount = { name: 'data', mountPath: '/var/lib/server' };

  it('refuses a data directory that is the mount itself, or a mount without subPath or setting', () => {
    expect(dataAtVolumeRoot(container({ KAFKA_LOG_DIRS: '/var/lib/server' }), mount)).toMatch(/root/);
    expect(dataAtVolumeRoot(container({ KAFKA_LOG_DIRS: '/var/lib/server/' }), mount)).toMatch(/root/);
    expect(
      dataAtVolumeRoot(container({ KAFKA_LOG_DIRS: '/var/lib/server/a,/var/lib/server' }), mount),
    ).toMatch(/root/);
    expect(dataAtVolumeRoot(container({}, ['--dbpath', '/var/lib/server']), mount)).toMatch(/root/);
    expect(dataAtVolumeRoot(container({}), mount)).toMatch(/without a subPath/);
    expect(dataAtVolumeRoot(container({}), { ...mount, subPath: '/' })).toMatch(/without a subPath/);
  });

  it('accepts a folder below the mount, set by environment or flag, or a subPath', () => {
    expect(dataAtVolumeRoot(container({ KAFKA_LOG_DIRS: '/var/lib/server/logs' }), mount)).toBeNull();
    expect(dataAtVolumeRoot(container({ KURRENTDB_DB: '/var/lib/server/db' }), mount)).toBeNull();
    expect(dataAtVolumeRoot(container({}, ['--dbpath=/var/lib/server/db']), mount)).toBeNull();
    expect(dataAtVolumeRoot(container({}), { ...mount, subPath: 'db' })).toBeNull();
  });
});
