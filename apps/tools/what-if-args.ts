const USAGE =
  'usage: npm run what-if -- --policy ID [--data-source ID] --from ISO --to ISO [--json] [--data-dir DIR]';

export interface WhatIfArgs {
  policyId: number;
  dataSourceId: number | null;
  from: string;
  to: string;
  json: boolean;
  dataDir: string | undefined;
}

/** Reads the command line; a usage message with the reason when it does not make sense. */
export function parseWhatIfArgs(argv: string[]): WhatIfArgs | { usage: string } {
  const values = new Map<string, string>();
  let json = false;
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    if (flag === '--json') {
      json = true;
      continue;
    }
    const value = argv[index + 1];
    if (!['--policy', '--data-source', '--from', '--to', '--data-dir'].includes(flag))
      return { usage: `Unknown argument "${flag}"\n${USAGE}` };
    if (value === undefined || value.startsWith('--')) return { usage: `${flag} needs a value\n${USAGE}` };
    values.set(flag, value);
    index += 1;
  }
  const id = (flag: string): number | null | undefined => {
    const text = values.get(flag);
    if (text === undefined) return null;
    return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
  };
  const policyId = id('--policy');
  if (policyId === null || policyId === undefined) return { usage: `--policy needs a policy id\n${USAGE}` };
  const dataSourceId = id('--data-source');
  if (dataSourceId === undefined) return { usage: `--data-source needs a data source id\n${USAGE}` };
  const from = Date.parse(values.get('--from') ?? '');
  const to = Date.parse(values.get('--to') ?? '');
  if (Number.isNaN(from) || Number.isNaN(to))
    return { usage: `--from and --to need ISO 8601 times\n${USAGE}` };
  if (!(from < to)) return { usage: `--from must be before --to\n${USAGE}` };
  return {
    policyId,
    dataSourceId,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    json,
    dataDir: values.get('--data-dir'),
  };
}
