/** Letters, digits, underscore, period and space (docs/console.md §5). */
const LABEL_NAME = /^[A-Za-z0-9_. ]+$/;

/** The colour a new label starts with: shown, but not a choice yet (docs/console.md §9). */
export const DEFAULT_LABEL_COLOR = '#AAAAAA';

/** The 15 colours a label can take. */
export const LABEL_PALETTE = [
  '#f05050',
  '#ff902b',
  '#fad732',
  '#27c24c',
  '#37bc9b',
  '#23b7e5',
  '#5d9cec',
  '#7266ba',
  '#9c27b0',
  '#f532e5',
  '#e91e63',
  '#795548',
  '#607d8b',
  '#131e26',
  '#8bc34a',
] as const;

export function isValidLabelName(name: string): boolean {
  return name.trim() !== '' && LABEL_NAME.test(name);
}

export function canCreateLabel(name: string, color: string): boolean {
  return isValidLabelName(name) && color !== DEFAULT_LABEL_COLOR;
}

interface CodedError {
  code?: string;
  message?: string;
}

/** Create-label failure text (docs/console.md §8): the server's message for EXISTING_NAME, a generic one otherwise. */
export function createLabelFailure(body: unknown): string {
  const first: CodedError | undefined = Array.isArray(body) ? (body[0] as CodedError) : undefined;
  if (first?.code === 'EXISTING_NAME' && first.message) return first.message;
  return 'The tag could not be created.';
}
