import { ValidateBy } from 'class-validator';
import {
  CONTENT_LIMITS,
  isDateTime,
  type CompanyLinks,
  type OtherProductInput,
  type SupportContact,
  type TermsContent,
  type UpdateEventInput,
} from '@pondesk/contracts';
import { IsDateTime, IsInteger, IsShortString } from '../../../common/validation/validation.decorators';
import { IsContentLink, IsContentText, IsSupportEmail, IsSupportPhone } from './content-fields';

export class SupportContactDto implements SupportContact {
  @IsSupportPhone() phone!: string;
  @IsSupportEmail() email!: string;
  @IsContentLink() chatLink!: string;
}

export class TermsContentDto implements TermsContent {
  @IsShortString(CONTENT_LIMITS.termsTitle, { min: 1, trim: true }) title!: string;
  @IsContentText(CONTENT_LIMITS.termsContent) content!: string;
}

export class CompanyLinksDto implements CompanyLinks {
  @IsContentText(CONTENT_LIMITS.name) companyName!: string;
  @IsContentLink() facebookPage!: string;
  @IsContentLink() playStoreApp!: string;
}

export const SORT_ORDER_LIMIT = 1_000_000;

export class OtherProductDto implements OtherProductInput {
  @IsShortString(CONTENT_LIMITS.name, { min: 1, trim: true }) name!: string;
  @IsContentText(CONTENT_LIMITS.description) description!: string;
  @IsContentLink() photoUrl!: string;
  @IsContentLink({ required: true }) link!: string;
  @IsInteger(-SORT_ORDER_LIMIT, SORT_ORDER_LIMIT) sortOrder!: number;
}

export class UpdateEventDto implements UpdateEventInput {
  @IsShortString(CONTENT_LIMITS.note, { min: 1, trim: true }) note!: string;
  @IsContentText(CONTENT_LIMITS.description) description!: string;
  @IsContentLink() reportLink!: string;
  @IsDateTime() startsAt!: string;
  // Checked after the format (decorators run bottom up), so a bad time is named as such first.
  @ValidateBy(
    {
      name: 'afterStartsAt',
      validator: {
        validate: (endsAt: unknown, args) => {
          const startsAt = (args?.object as UpdateEventDto | undefined)?.startsAt;
          if (typeof endsAt !== 'string' || typeof startsAt !== 'string') return true;
          if (!isDateTime(endsAt) || !isDateTime(startsAt)) return true;
          return Date.parse(endsAt) > Date.parse(startsAt);
        },
      },
    },
    { message: 'endsAt must be after startsAt' },
  )
  @IsDateTime()
  endsAt!: string;
}
