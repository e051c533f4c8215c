import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_MUTE_LABEL, MAX_MUTE_MINUTES } from '../../domain/notification-mutes';
import { MUTE_KINDS, type MuteKind } from '../../domain/notification-preferences.events';

/** Body of PUT notifications/mutes: what to silence and for how many minutes. */
export class MuteBody {
  @ApiProperty({ enum: MUTE_KINDS })
  @IsIn([...MUTE_KINDS], { message: 'kind must be type, device or gateway' })
  kind!: MuteKind;

  /** An alert type code, or the API id of the device or gateway. */
  @ApiProperty()
  @Matches(/^(LAF-\d{3}|\d{1,20})$/, { message: 'key must be an alert type code or an asset id' })
  @MaxLength(20, { message: 'key must be an alert type code or an asset id' })
  @IsString({ message: 'key must be an alert type code or an asset id' })
  key!: string;

  @ApiProperty({ minimum: 1, maximum: MAX_MUTE_MINUTES })
  @IsInt({ message: `minutes must be a whole number from 1 to ${MAX_MUTE_MINUTES}` })
  @Min(1, { message: `minutes must be a whole number from 1 to ${MAX_MUTE_MINUTES}` })
  @Max(MAX_MUTE_MINUTES, { message: `minutes must be a whole number from 1 to ${MAX_MUTE_MINUTES}` })
  minutes!: number;

  /** The type's, device's or gateway's name as the console shows it, to list the mute by. */
  @ApiPropertyOptional({ maxLength: MAX_MUTE_LABEL })
  @IsOptional()
  @MaxLength(MAX_MUTE_LABEL, { message: `label must be a text of at most ${MAX_MUTE_LABEL} characters` })
  @IsString({ message: `label must be a text of at most ${MAX_MUTE_LABEL} characters` })
  label?: string;
}
