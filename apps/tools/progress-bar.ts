/** A one-line progress bar for command-line tools (redrawn in place on a terminal, plain lines otherwise). */
export class ProgressBar {
  private lastDraw = 0;
  private readonly started = Date.now();

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly out: NodeJS.WriteStream = process.stdout,
    /** What is counted, for the rate ("packets/s"). */
    private readonly unit = 'events',
  ) {}

  update(done: number, force = false): void {
    const now = Date.now();
    if (!force && now - this.lastDraw < (this.out.isTTY ? 100 : 2000)) return;
    this.lastDraw = now;
    const ratio = this.total === 0 ? 1 : Math.min(1, done / this.total);
    const width = 30;
    const filled = Math.round(ratio * width);
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const line = `${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${this.total} ${(ratio * 100).toFixed(1)}% ${Math.round(done / seconds)} ${this.unit}/s`;
    if (this.out.isTTY) this.out.write(`\r${line}`);
    else this.out.write(`${line}\n`);
  }

  finish(done: number): { seconds: number; rate: number } {
    this.update(done, true);
    if (this.out.isTTY) this.out.write('\n');
    const seconds = (Date.now() - this.started) / 1000;
    return { seconds, rate: done / Math.max(seconds, 0.001) };
  }
}
