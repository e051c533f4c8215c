import {
  BEGIN,
  check,
  emptyRecord,
  END,
  renderTable,
  rewriteRecord,
  type RunStamp,
  type ScenarioReport,
} from './record';

const stamp = (date: string, commit = 'abc1234'): RunStamp => ({
  date,
  commit,
  machine: '2 cores (Test CPU), 8.0 GiB, Node 20.20.0',
  command: 'npm run bench',
  quick: false,
});

function report(id: ScenarioReport['id'], date: string, measured: number): ScenarioReport {
  return {
    id,
    title: `Scenario ${id}`,
    stamp: stamp(date),
    description: [`What ${id} does.`],
    tables: [
      {
        columns: [{ title: 'path' }, { title: 'frames/s', align: 'right' }],
        rows: [['server', String(measured)]],
      },
    ],
    targets: [check(`rate of ${id}`, { atLeast: 100 }, measured, (value) => `${value} frames/s`)],
  };
}

const handWritten = [
  '# Benchmark results',
  '',
  'How to read this file, written by hand.',
  '',
  BEGIN,
  'anything generated before',
  END,
  '',
  '## Notes',
  '',
  'Profiles and next steps, written by hand.',
  '',
].join('\n');

describe('the benchmark record', () => {
  it('checks a figure against a lower or an upper bound, and says when nothing was measured', () => {
    expect(check('ratio', { atLeast: 0.5 }, 0.5, String)).toEqual({
      measure: 'ratio',
      target: '≥ 0.5',
      measured: '0.5',
      met: true,
    });
    expect(check('p95', { atMost: 50 }, 50.1, (value) => `${value} ms`)).toMatchObject({
      target: '≤ 50 ms',
      measured: '50.1 ms',
      met: false,
    });
    expect(check('p95', { atMost: 50 }, null, String)).toMatchObject({ measured: '–', met: null });
    expect(
      check(
        'share',
        { atLeast: 0.5 },
        0.42,
        (v) => `${v * 100} %`,
        (v) => `${v * 100} %`,
      ).target,
    ).toBe('≥ 50 %');
  });

  it('renders a table with padded columns, right-aligned numbers and escaped pipes', () => {
    const text = renderTable({
      columns: [{ title: 'endpoint' }, { title: 'p95 ms', align: 'right' }],
      rows: [
        ['`alerts`', '7.5'],
        ['a|b', '120.0'],
      ],
    });
    expect(text.split('\n')).toEqual([
      '| endpoint | p95 ms |',
      '| -------- | -----: |',
      '| `alerts` |    7.5 |',
      '| a\\|b     |  120.0 |',
    ]);
  });

  it('rewrites only the region between the markers, and leaves the hand-written text as it was', () => {
    const rewritten = rewriteRecord(handWritten, [report('a', '2026-01-02', 150)]);
    expect(rewritten.startsWith('# Benchmark results\n\nHow to read this file, written by hand.\n\n')).toBe(
      true,
    );
    expect(rewritten.endsWith('\n\n## Notes\n\nProfiles and next steps, written by hand.\n')).toBe(true);
    expect(rewritten).not.toContain('anything generated before');
    const region = rewritten.slice(rewritten.indexOf(BEGIN), rewritten.indexOf(END));
    expect(region).toContain('### (a) Scenario a');
    expect(region).toContain('Run: 2026-01-02, commit `abc1234`, 2 cores (Test CPU), 8.0 GiB, Node 20.20.0');
    expect(region).toContain('| server |      150 |');
    // The summary and the scenario's own table both give the target beside the figure, with the verdict.
    expect(region.match(/\| rate of a +\| ≥ 100 frames\/s \| 150 frames\/s \| met +\|/g)).toHaveLength(1);
    expect(region).toMatch(
      /\| \(a\) rate of a +\| ≥ 100 frames\/s \| 150 frames\/s \| met +\| 2026-01-02, `abc1234` \|/,
    );
  });

  it('keeps the blocks of scenarios a run did not include, and redoes the summary from all of them', () => {
    const first = rewriteRecord(handWritten, [report('a', '2026-01-02', 150), report('c', '2026-01-02', 90)]);
    const second = rewriteRecord(first, [report('c', '2026-02-03', 120), report('b', '2026-02-03', 10)]);
    const region = second.slice(second.indexOf(BEGIN), second.indexOf(END));
    // a kept as it was, b added, c replaced; in scenario order.
    expect(region).toContain('Run: 2026-01-02');
    expect(region.indexOf('### (a)')).toBeLessThan(region.indexOf('### (b)'));
    expect(region.indexOf('### (b)')).toBeLessThan(region.indexOf('### (c)'));
    expect(region.match(/### \(c\)/g)).toHaveLength(1);
    expect(region).toContain('| server |      120 |');
    expect(region).not.toContain('| server |       90 |');
    expect(region).toMatch(/\| \(a\) rate of a .*\| met +\| 2026-01-02/);
    expect(region).toMatch(/\| \(b\) rate of b .*\| 10 frames\/s +\| not met \| 2026-02-03/);
    expect(region).toMatch(/\| \(c\) rate of c .*\| 120 frames\/s \| met +\| 2026-02-03/);
    // Rewriting again with the same reports changes nothing.
    expect(rewriteRecord(second, [report('c', '2026-02-03', 120), report('b', '2026-02-03', 10)])).toBe(
      second,
    );
  });

  it('records a failed scenario as failed, with what it could measure', () => {
    const failed: ScenarioReport = {
      ...report('d', '2026-01-02', 0),
      tables: [],
      targets: [check('restart', { atMost: 10 }, null, (value) => `${value} s`)],
      failure: 'the server exited (code 1) before it was ready:\nstack trace',
    };
    const region = rewriteRecord(handWritten, [failed]);
    expect(region).toContain('**The scenario failed:** the server exited (code 1) before it was ready:');
    expect(region).not.toContain('stack trace');
    expect(region).toMatch(/\| \(d\) restart +\| ≤ 10 s +\| – +\| not measured \|/);
  });

  it('adds the region to a file without markers, and starts a new file with one', () => {
    const appended = rewriteRecord('# Results\n\nOld text.\n', [report('e', '2026-01-02', 200)]);
    expect(appended.startsWith('# Results\n\nOld text.\n\n' + BEGIN)).toBe(true);
    expect(appended.trimEnd().endsWith(END)).toBe(true);
    const fresh = emptyRecord('Benchmark results, quick run', 'Not the record.');
    expect(fresh).toBe(`# Benchmark results, quick run\n\nNot the record.\n\n${BEGIN}\n${END}\n`);
    expect(rewriteRecord(fresh, [])).toContain('No scenario has run yet.');
  });
});
