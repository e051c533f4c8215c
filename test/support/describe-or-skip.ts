/**
 * `describe` when nothing is missing (`skipReason` undefined); otherwise `describe.skip`, so jest reports the tests
 * as skipped. Decided when jest loads the test file, before any hook runs. The reason goes into the suite's title
 * and onto one line of stdout (jest prints neither the titles nor the console output of a suite whose tests are all
 * skipped).
 */
export function describeOrSkip(skipReason: string | undefined, title: string, body: () => void): void {
  if (skipReason === undefined) {
    describe(title, body);
    return;
  }
  process.stdout.write(`skipped: ${title}: ${skipReason}\n`);
  describe.skip(`${title} (skipped: ${skipReason})`, body);
}
