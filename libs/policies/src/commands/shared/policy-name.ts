import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { coded } from '../../http/coded';

export const POLICY_NAME_MIN = 3;
export const POLICY_NAME_MAX = 100;

/** A policy name: 3 to 100 characters once trimmed (console part 2, policy name rules). */
export const PolicyName = () =>
  applyDecorators(
    ApiProperty({ minLength: POLICY_NAME_MIN, maxLength: POLICY_NAME_MAX, example: 'Strict' }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsString(coded('MISSING_NAME', 'Missing name')),
    IsNotEmpty(coded('MISSING_NAME', 'Missing name')),
    MinLength(
      POLICY_NAME_MIN,
      coded('BELOW_MIN_LENGTH', `Name must be at least ${POLICY_NAME_MIN} characters long`, {
        minLength: POLICY_NAME_MIN,
      }),
    ),
    MaxLength(
      POLICY_NAME_MAX,
      coded('EXCEED_MAX_LENGTH', `Name must be at most ${POLICY_NAME_MAX} characters long`, {
        maxLength: POLICY_NAME_MAX,
      }),
    ),
  );
