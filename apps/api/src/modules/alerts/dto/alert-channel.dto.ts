import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, PartialType, type ApiPropertyOptions } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import {
  ALERT_CHANNEL_KINDS,
  ALERT_CHANNEL_NAME_MAX,
  ALERT_CHANNEL_RATE,
  ALERT_CHANNEL_RATE_DEFAULT,
  type AlertChannelInput,
  type AlertChannelKind,
} from '@pondesk/contracts';
import { IsFlag, IsInteger, IsOneOf, IsShortString } from '../../../common/validation/validation.decorators';

/**
 * A setting of one kind of channel: accepted here, checked against the channel's kind by
 * `channelSettingsOf` (a setting of another kind is refused there).
 */
const IsChannelSetting = (docs: ApiPropertyOptions) => applyDecorators(Allow(), ApiPropertyOptional(docs));

export class CreateAlertChannelDto implements AlertChannelInput {
  @IsOneOf(ALERT_CHANNEL_KINDS, { message: `kind must be one of ${ALERT_CHANNEL_KINDS.join(', ')}` })
  kind!: AlertChannelKind;
  @IsShortString(ALERT_CHANNEL_NAME_MAX, { min: 1, trim: true }) name!: string;
  @IsFlag({ optional: true, docs: { default: true } }) enabled?: boolean;
  @IsFlag({
    optional: true,
    docs: { default: false, description: "Also send each OLT's alerts to the ids saved on that OLT" },
  })
  useDeviceIds?: boolean;
  @IsInteger(ALERT_CHANNEL_RATE.min, ALERT_CHANNEL_RATE.max, {
    optional: true,
    docs: { default: ALERT_CHANNEL_RATE_DEFAULT, description: 'Messages a minute at most' },
  })
  ratePerMinute?: number;
  @IsChannelSetting({
    type: [String],
    maxItems: 20,
    description: 'Telegram: 1–20 chat ids (-100…, a user id, or @channel)',
  })
  chatIds?: string[];
  @IsChannelSetting({ type: String, description: "WhatsApp: the sending number's id (5–20 digits)" })
  phoneNumberId?: string;
  @IsChannelSetting({
    type: [String],
    maxItems: 20,
    description: 'WhatsApp: 1–20 recipients, E.164 digits without +',
  })
  recipients?: string[];
  @IsChannelSetting({ type: String, description: 'WhatsApp: an approved template with one body parameter' })
  templateName?: string;
  @IsChannelSetting({ type: String, default: 'en', description: "WhatsApp: the template's language" })
  languageCode?: string;
  @IsChannelSetting({ type: String, maxLength: 500, description: 'Webhook: http(s) URL without credentials' })
  url?: string;
  @IsChannelSetting({
    type: String,
    writeOnly: true,
    description:
      'Telegram bot token, WhatsApp access token or webhook signing secret; required on create, never returned',
  })
  secret?: string;
}

/** Fields left out keep their value; an empty or absent secret keeps the stored one; the kind cannot change. */
export class UpdateAlertChannelDto extends PartialType(CreateAlertChannelDto) {}
