import { OmitType, PartialType } from '@nestjs/swagger';
import type { UpdateOltRequest } from '@pondesk/contracts';
import { CreateOltDto } from './create-olt.dto';

export class UpdateOltDto
  extends PartialType(OmitType(CreateOltDto, ['billingPackage', 'billingMonths'] as const))
  implements UpdateOltRequest {}
