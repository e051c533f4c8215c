/**
 * The benchmark record (bench/RESULTS.md): pure rendering and rewriting, no I/O.
 *
 * The file keeps hand-written text outside the generated region, which lies between BEGIN and END. Inside it,
 * a summary of every target comes first, then one block per scenario, each opened by a comment that carries the
 * block's targets and stamp as JSON. A run rewrites the summary and the blocks of the scenarios it ran, and keeps
 * the blocks of the others as they were (with their own stamps), so `--only c` does not erase the rest.
 */

export const BEGIN = '<!-- bench:begin -->';
export const END = '<!-- bench:end -->';
const BLOCK_OPEN = /^<!-- bench:scenario ([a-z]) (.*) -->$/;

export const SCENARIO_IDS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'] as const;
export type ScenarioId = (typeof SCENARIO_IDS)[number];

export function isScenarioId(value: string): value is ScenarioId {
  return (SCENARIO_IDS as readonly string[]).includes(value);
}

/** When, on what code and on what machine a scenario ran. */
export interface RunStamp {
  /** YYYY-MM-DD. */
  date: string;
  /** Short commit, with "+dirty" when the working tree had changes. */
  commit: string;
  /** Cores, memory, Node version, CPU model. */
  machine: string;
  /** The command as typed. */
  command: string;
  /** A `--quick` run: reduced sizes, verdicts indicative only. */
  quick: boolean;
}

/** One target of the issue beside the figure measured for it. `met` is null when nothing could be measured. */
export interface TargetCheck {
  measure: string;
  target: string;
  measured: string;
  met: boolean | null;
}

export type Align = 'left' | 'right';

export interface Table {
  /** A heading line above the table (rendered as bold text), optional. */
  caption?: string;
  columns: Array<{ title: string; align?: Align }>;
  rows: string[][];
}

export interface ScenarioReport {
  id: ScenarioId;
  title: string;
  stamp: RunStamp;
  /** Paragraphs describing what ran, in sentences generated from the sizes used. */
  description: string[];
  tables: Table[];
  targets: TargetCheck[];
  /** Set when the scenario could not complete: the error, shown instead of missing figures. */
  failure?: string;
}

/** What the summary needs of a block that is kept from an earlier run. */
interface BlockHeader {
  title: string;
  stamp: RunStamp;
  targets: TargetCheck[];
  failure?: string;
}

export function verdict(met: boolean | null): string {
  if (met === null) return 'not measured';
  return met ? 'met' : 'not met';
}

/**
 * `value` against a lower bound (`at least`) or an upper bound (`at most`); `format` renders the measured value,
 * `goalFormat` the bound (by default the same way).
 */
export function check(
  measure: string,
  bound: { atLeast: number } | { atMost: number },
  value: number | null,
  format: (value: number) => string,
  goalFormat: (value: number) => string = format,
): TargetCheck {
  const target = 'atLeast' in bound ? `≥ ${goalFormat(bound.atLeast)}` : `≤ ${goalFormat(bound.atMost)}`;
  if (value === null || !Number.isFinite(value)) {
    return { measure, target, measured: value === null ? '–' : String(value), met: null };
  }
  const met = 'atLeast' in bound ? value >= bound.atLeast : value <= bound.atMost;
  return { measure, target, measured: format(value), met };
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A Markdown table, columns padded to their widest cell (the layout Prettier gives tables). */
export function renderTable(table: Table): string {
  const cells = [table.columns.map((column) => column.title), ...table.rows].map((row) =>
    table.columns.map((_column, index) => escapeCell(row[index] ?? '')),
  );
  const widths = table.columns.map((_column, index) =>
    Math.max(3, ...cells.map((row) => [...row[index]].length)),
  );
  const pad = (text: string, index: number) => {
    const fill = ' '.repeat(widths[index] - [...text].length);
    return table.columns[index].align === 'right' ? fill + text : text + fill;
  };
  const line = (row: string[]) => `| ${row.map(pad).join(' | ')} |`;
  const rule = `| ${widths
    .map((width, index) =>
      table.columns[index].align === 'right' ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
    )
    .join(' | ')} |`;
  const lines = [line(cells[0]), rule, ...cells.slice(1).map(line)];
  return (table.caption ? `${table.caption}\n\n` : '') + lines.join('\n');
}

export function describeStamp(stamp: RunStamp): string {
  return `${stamp.date}, commit \`${stamp.commit}\`, ${stamp.machine}; command \`${stamp.command}\`${
    stamp.quick ? ' (quick run: reduced sizes, verdicts indicative only)' : ''
  }.`;
}

function targetsTable(targets: TargetCheck[]): Table {
  return {
    columns: [
      { title: 'target of the issue' },
      { title: 'goal' },
      { title: 'measured' },
      { title: 'verdict' },
    ],
    rows: targets.map((target) => [target.measure, target.target, target.measured, verdict(target.met)]),
  };
}

/** JSON safe inside an HTML comment. */
function headerOf(report: ScenarioReport): BlockHeader {
  return {
    title: report.title,
    stamp: report.stamp,
    targets: report.targets,
    ...(report.failure === undefined ? {} : { failure: firstLine(report.failure) }),
  };
}

const firstLine = (text: string) => text.split('\n')[0];

function headerComment(report: ScenarioReport): string {
  const header = headerOf(report);
  const json = JSON.stringify(header).replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
  return `<!-- bench:scenario ${report.id} ${json} -->`;
}

export function renderScenario(report: ScenarioReport): string {
  const parts = [
    headerComment(report),
    `### (${report.id}) ${report.title}`,
    `Run: ${describeStamp(report.stamp)}`,
  ];
  parts.push(...report.description);
  if (report.failure !== undefined) {
    parts.push(`**The scenario failed:** ${firstLine(report.failure)}`);
  }
  parts.push(...report.tables.map(renderTable));
  if (report.targets.length > 0) parts.push(renderTable(targetsTable(report.targets)));
  return parts.join('\n\n');
}

interface Block {
  id: ScenarioId;
  header: BlockHeader | null;
  text: string;
}

/** Splits the generated region into its scenario blocks (what comes before the first block is the summary). */
function parseBlocks(region: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const lines: string[] = [];
  const close = () => {
    if (current) blocks.push({ ...current, text: lines.join('\n').trim() });
    lines.length = 0;
  };
  for (const line of region.split('\n')) {
    const open = BLOCK_OPEN.exec(line.trim());
    if (open && isScenarioId(open[1])) {
      close();
      let header: BlockHeader | null = null;
      try {
        header = JSON.parse(open[2]) as BlockHeader;
      } catch {
        header = null;
      }
      current = { id: open[1], header, text: '' };
    }
    if (current) lines.push(line);
  }
  close();
  return blocks;
}

function summary(blocks: Block[]): string {
  const rows: string[][] = [];
  for (const block of blocks) {
    const header = block.header;
    if (!header) continue;
    const run = `${header.stamp.date}, \`${header.stamp.commit}\`${header.stamp.quick ? ', quick' : ''}`;
    if (header.failure !== undefined && header.targets.length === 0) {
      rows.push([`(${block.id}) ${header.title}`, '', 'failed', 'not measured', run]);
    }
    for (const target of header.targets) {
      rows.push([
        `(${block.id}) ${target.measure}`,
        target.target,
        target.measured,
        verdict(target.met),
        run,
      ]);
    }
  }
  const table: Table = {
    columns: [
      { title: 'scenario: target' },
      { title: 'goal' },
      { title: 'measured' },
      { title: 'verdict' },
      { title: 'run' },
    ],
    rows,
  };
  return ['## Targets', rows.length > 0 ? renderTable(table) : 'No scenario has run yet.'].join('\n\n');
}

/** The generated region for these blocks, in scenario order. */
function renderRegion(blocks: Block[]): string {
  const ordered = SCENARIO_IDS.flatMap((id) => blocks.filter((block) => block.id === id).slice(0, 1));
  const body = [summary(ordered), '## Scenarios', ...ordered.map((block) => block.text)];
  return [BEGIN, '', body.join('\n\n'), '', END].join('\n');
}

/** A record file for a fresh output (no hand-written text yet). */
export function emptyRecord(title: string, intro: string): string {
  return `# ${title}\n\n${intro}\n\n${BEGIN}\n${END}\n`;
}

/**
 * The record with the blocks of `reports` replaced (or added), the other blocks kept, the summary redone, and the
 * text outside the markers untouched. Without markers, the region is appended at the end.
 */
export function rewriteRecord(existing: string, reports: ScenarioReport[]): string {
  const begin = existing.indexOf(BEGIN);
  const end = existing.indexOf(END, begin + BEGIN.length);
  const hasRegion = begin >= 0 && end > begin;
  const before = hasRegion ? existing.slice(0, begin) : `${existing.trimEnd()}\n\n`;
  const after = hasRegion ? existing.slice(end + END.length) : '\n';
  const kept = hasRegion ? parseBlocks(existing.slice(begin + BEGIN.length, end)) : [];
  const fresh: Block[] = reports.map((report) => ({
    id: report.id,
    header: headerOf(report),
    text: renderScenario(report),
  }));
  const replaced = new Set(fresh.map((block) => block.id));
  const blocks = [...kept.filter((block) => !replaced.has(block.id)), ...fresh];
  return before + renderRegion(blocks) + after;
}

/** A plain-text digest of the targets of this run, for the console. */
export function consoleSummary(reports: ScenarioReport[]): string {
  const rows = reports.flatMap((report) =>
    report.failure !== undefined && report.targets.length === 0
      ? [[`(${report.id}) ${report.title}`, '', 'failed', 'not measured']]
      : report.targets.map((target) => [
          `(${report.id}) ${target.measure}`,
          target.target,
          target.measured,
          verdict(target.met),
        ]),
  );
  return renderTable({
    columns: [{ title: 'scenario: target' }, { title: 'goal' }, { title: 'measured' }, { title: 'verdict' }],
    rows,
  });
}
