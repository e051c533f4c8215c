import { Logger } from '@nestjs/common';
import { Writable } from 'node:stream';
import { createRootLogger, nestLogger } from './logging';

/** Captures what the logger writes, line by line. */
function sink(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line.length > 0),
      );
      done();
    },
  });
  return { stream, lines };
}

describe('the product logger', () => {
  afterEach(() => Logger.overrideLogger(true));

  it('writes one JSON object per line with the fields given, and hides Nest wiring below debug', () => {
    const { stream, lines } = sink();
    const logger = nestLogger(createRootLogger('log', 'json', stream));
    logger.log(
      { msg: 'LAF-001 raised', alertId: 'a1', dataSourceId: 3, devEui: '0102030405060708' },
      'Detection',
    );
    logger.log('Mapped {/api/v1.0/alerts, GET} route', 'RouterExplorer');
    logger.warn('Lease lost', 'Collectors');
    logger.debug?.('not shown at the default level', 'Detection');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({
        level: 30,
        context: 'Detection',
        msg: 'LAF-001 raised',
        alertId: 'a1',
        dataSourceId: 3,
        devEui: '0102030405060708',
      }),
      expect.objectContaining({ level: 40, context: 'Collectors', msg: 'Lease lost' }),
    ]);
  });

  it('shows the routes at debug level', () => {
    const { stream, lines } = sink();
    const logger = nestLogger(createRootLogger('debug', 'json', stream));
    logger.log('Mapped {/api/v1.0/alerts, GET} route', 'RouterExplorer');
    expect(JSON.parse(lines[0]) as Record<string, unknown>).toMatchObject({
      level: 20,
      context: 'RouterExplorer',
      msg: 'Mapped {/api/v1.0/alerts, GET} route',
    });
  });

  it('writes readable lines for a terminal, context first and fields after', () => {
    const { stream, lines } = sink();
    const logger = nestLogger(createRootLogger('log', 'pretty', stream));
    logger.log({ msg: 'Data source "Field": CONNECTED', dataSourceId: 7 }, 'Collectors');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/INFO: \[Collectors\] Data source "Field": CONNECTED \{"dataSourceId":7\}$/);
  });
});
