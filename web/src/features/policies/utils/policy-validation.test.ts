import { FULL_KEY, PARTIAL_KEY, validateParameter, validatePolicyName } from './policy-validation';
import { deleteFailureText, keyFailureText, saveFailure } from './policy-errors';
import { ApiError } from '../../../lib/api';

describe('policy name rules (docs/console.md §5)', () => {
  it.each([
    ['', 'This field is required'],
    ['ab', 'Name length must be greater than 3'],
    ['n'.repeat(101), "Name length can't be greater than 100"],
    ['abc', null],
    ['n'.repeat(100), null],
  ])('%j → %j', (name, message) => {
    expect(validatePolicyName(name)).toBe(message);
  });

  it('asks for the clone name with its own first message', () => {
    expect(validatePolicyName('', true)).toBe('This file is required');
    expect(validatePolicyName('ab', true)).toBe('Name length must be greater than 3');
  });
});

describe('policy parameters (docs/console.md §5)', () => {
  const float = { type: 'Float', minimum: 0, maximum: 1 };
  const integer = { type: 'Integer', minimum: 1, maximum: 24 };

  it('wants numbers for Float and whole numbers for Integer', () => {
    expect(validateParameter(float, '0.5')).toBeNull();
    expect(validateParameter(float, 'abc')).toBe('The value must be a number');
    expect(validateParameter(integer, '12')).toBeNull();
    expect(validateParameter(integer, '1.5')).toBe('The value must be a whole number');
    expect(validateParameter(integer, '')).toBe('This field is required');
  });

  it('keeps values within minimum and maximum', () => {
    expect(validateParameter(float, '1.5')).toBe('The value must be between 0 and 1');
    expect(validateParameter(integer, '0')).toBe('The value must be between 1 and 24');
    expect(validateParameter({ type: 'Float', minimum: -132, maximum: 0 }, '-125')).toBeNull();
  });
});

describe('keys (docs/console.md §5)', () => {
  it('accepts partial hex while typing, saves only 32 characters', () => {
    expect(PARTIAL_KEY.test('')).toBe(true);
    expect(PARTIAL_KEY.test('aBc1')).toBe(true);
    expect(PARTIAL_KEY.test('xyz')).toBe(false);
    expect(PARTIAL_KEY.test('0'.repeat(33))).toBe(false);
    expect(FULL_KEY.test('0'.repeat(31))).toBe(false);
    expect(FULL_KEY.test('abcdef0123456789ABCDEF0123456789')).toBe(true);
  });
});

describe('policy error texts (docs/console.md §8)', () => {
  const coded = (status: number, code: string, message = '') => new ApiError(status, [{ code, message }]);

  it('names why a delete was refused', () => {
    expect(deleteFailureText(coded(403, 'DEFAULT_POLICY'))).toBe(
      "This policy can't be removed because it's the default policy.",
    );
    expect(deleteFailureText(coded(403, 'POLICY_WITH_DATA_COLLECTORS'))).toBe(
      "This policy can't be removed because it's used by at least one data source.",
    );
    expect(deleteFailureText(new ApiError(500, null))).toBe('Something went wrong. Try again later.');
  });

  it('puts EXISTING_NAME on the name field, other 400s generic, the rest fatal', () => {
    expect(saveFailure(coded(400, 'EXISTING_NAME', 'Existing policy with that name'))).toEqual({
      field: 'name',
      message: 'Existing policy with that name',
    });
    expect(saveFailure(coded(400, 'EXCEED_MAX_VALUE'))).toEqual({
      field: null,
      message: 'Something went wrong. Try again later.',
    });
    expect(saveFailure(new ApiError(500, null))).toEqual({
      field: null,
      message: 'Oops! Something went wrong. Try again later.',
    });
  });

  it('shows the server message for key calls, or Network error', () => {
    expect(keyFailureText(new ApiError(403, { message: 'Forbidden' }))).toBe('Forbidden');
    expect(keyFailureText(new ApiError(0, null))).toBe('Network error');
  });
});
