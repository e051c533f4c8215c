/**
 * Thrown by the field readers deep inside a parser and caught at the parser's edge, where it becomes a
 * `malformed` outcome. Keeps the readers short without letting an exception escape a parser.
 */
export class MalformedMessage extends Error {
  override readonly name = 'MalformedMessage';
}
