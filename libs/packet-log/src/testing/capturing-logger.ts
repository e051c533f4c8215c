import type { LogLevelName, PacketLogLogger } from '../kafka/kafka-log';

export interface CapturedLine {
  level: LogLevelName;
  text: string;
}

/** A packet-log logger that keeps what it is told, in order, with the level (tests read it back). */
export function capturingLogger(): PacketLogLogger & { lines: CapturedLine[] } {
  const lines: CapturedLine[] = [];
  const at =
    (level: LogLevelName) =>
    (text: string): void =>
      void lines.push({ level, text });
  return { lines, error: at('error'), warn: at('warn'), log: at('log'), debug: at('debug') };
}
