/**
 * The attacks and anomalies the simulator can inject, one per family of alerts the detectors raise. Names
 * are what `--attacks` accepts; `all` stands for every kind.
 */
export const ATTACK_KINDS = [
  'join-replay',
  'devnonce-repeat',
  'uplink-replay',
  'downlink-replay',
  'abp-reset',
  'session-clone',
  'shared-devaddr',
  'weak-key',
  'gateway-move',
  'counter-wrap',
  'weak-signal',
  'packet-loss',
  'retransmissions',
  'device-silence',
  'gateway-silence',
  'failed-joins',
  'join-storm',
] as const;

export type AttackKind = (typeof ATTACK_KINDS)[number];

export const ALL_ATTACKS = 'all';

export function isAttackKind(name: string): name is AttackKind {
  return (ATTACK_KINDS as readonly string[]).includes(name);
}

/**
 * Reads a comma-separated list of attack names (`all` for every kind), without duplicates, in the order
 * given. Throws on an unknown name, quoting it.
 */
export function parseAttackList(text: string): AttackKind[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const kinds: AttackKind[] = [];
  for (const name of names) {
    if (name === ALL_ATTACKS) {
      kinds.push(...ATTACK_KINDS);
      continue;
    }
    if (!isAttackKind(name)) {
      throw new Error(`unknown attack "${name}" (known: ${ALL_ATTACKS}, ${ATTACK_KINDS.join(', ')})`);
    }
    kinds.push(name);
  }
  return [...new Set(kinds)];
}
