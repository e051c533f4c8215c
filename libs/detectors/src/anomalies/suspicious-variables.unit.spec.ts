import { judgeScores, noNormalRuns, type MessageScores, type PerVariable } from './suspicious-variables';

const settings = { sensitivities: { rssi: 0.01, size: 0.01, tdiff: 0.9, cdiff: 0.01 }, gracePeriod: 2 };
const normal: MessageScores = { rssi: 0.4, size: 1, tdiff: 0.95, cdiff: 0.9 };
const odd: MessageScores = { rssi: 0.001, size: 0, tdiff: 0.5, cdiff: 0 };

function replay(sequence: MessageScores[]) {
  let runs: PerVariable<number> = noNormalRuns();
  return sequence.map((scores) => {
    const outcome = judgeScores(scores, runs, settings);
    runs = outcome.normalRuns;
    return outcome.suspicious;
  });
}

describe('suspicious variables', () => {
  it('counts a low score only after more than grace_period normal messages in a row', () => {
    expect(replay([normal, normal, odd])).toEqual([[], [], []]);
    expect(replay([normal, normal, normal, odd])).toEqual([[], [], [], ['rssi', 'size', 'tdiff', 'cdiff']]);
  });

  it('starts the run over at every low score, so a second odd message right after is not suspicious', () => {
    expect(replay([normal, normal, normal, odd, odd, normal, normal, normal, odd])).toEqual([
      [],
      [],
      [],
      ['rssi', 'size', 'tdiff', 'cdiff'],
      [],
      [],
      [],
      [],
      ['rssi', 'size', 'tdiff', 'cdiff'],
    ]);
  });

  it('judges each variable on its own run', () => {
    const sizeOnly: MessageScores = { ...normal, size: 0 };
    expect(replay([normal, normal, sizeOnly, normal, { ...odd, size: 1 }])).toEqual([
      [],
      [],
      [],
      [],
      ['rssi', 'tdiff', 'cdiff'],
    ]);
  });

  it('leaves a variable without a score out, run unchanged', () => {
    const noRssi: MessageScores = { ...normal, rssi: null };
    const outcome = judgeScores(noRssi, { rssi: 7, size: 0, tdiff: 0, cdiff: 0 }, settings);
    expect(outcome.normalRuns).toEqual({ rssi: 7, size: 1, tdiff: 1, cdiff: 1 });
  });
});
