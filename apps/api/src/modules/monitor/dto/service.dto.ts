import { SERVICE_NAME_MAX, type ServiceRequest } from '@pondesk/contracts';
import { IsFlag } from '../../../common/validation/validation.decorators';
import { IsName } from './monitor-fields';

export class CreateServiceDto implements ServiceRequest {
  @IsName(SERVICE_NAME_MAX) name!: string;
  @IsFlag({ optional: true, docs: { default: true, description: 'Status: true active, false inactive' } })
  active?: boolean;
}

export class UpdateServiceDto implements Partial<ServiceRequest> {
  @IsName(SERVICE_NAME_MAX, { optional: true }) name?: string;
  @IsFlag({ optional: true }) active?: boolean;
}
