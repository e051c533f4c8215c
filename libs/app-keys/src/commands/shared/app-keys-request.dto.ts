import { BadRequestException } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, validateSync } from 'class-validator';
import { APP_KEYS_LIMIT } from '../../domain/app-key-list';

export const KEY_LIST_MESSAGE = `keys must be a list of 1 to ${APP_KEYS_LIMIT} app keys`;
export const KEY_FORMAT_MESSAGE = 'Every key must have 32 hexadecimal characters (0-9, A-F)';

/** Body of POST and DELETE app_keys (docs/api.md §12). */
export class AppKeysRequest {
  @IsArray({ message: KEY_LIST_MESSAGE })
  @ArrayMinSize(1, { message: KEY_LIST_MESSAGE })
  @ArrayMaxSize(APP_KEYS_LIMIT, { message: KEY_LIST_MESSAGE })
  @IsString({ each: true, message: KEY_FORMAT_MESSAGE })
  @Matches(/^[0-9a-fA-F]{32}$/, { each: true, message: KEY_FORMAT_MESSAGE })
  keys!: string[];
}

/**
 * Validated here rather than by the global pipe so that a 400 carries one readable sentence, as the console
 * shows the server's `message` verbatim. Keys come back upper case, the form they are stored in.
 */
export function parseAppKeysRequest(body: unknown): string[] {
  const request = plainToInstance(AppKeysRequest, body ?? {});
  const [error] = validateSync(request, { whitelist: true, forbidNonWhitelisted: true });
  if (error) {
    // The shape of the list is the first thing to fix, before the keys in it.
    const messages = Object.values(error.constraints ?? {});
    const message = messages.includes(KEY_LIST_MESSAGE)
      ? KEY_LIST_MESSAGE
      : (messages[0] ?? KEY_LIST_MESSAGE);
    throw new BadRequestException({ message, error: 'Bad Request', statusCode: 400 });
  }
  return request.keys.map((key) => key.toUpperCase());
}
