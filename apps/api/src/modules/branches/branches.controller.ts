import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Permission, type BranchRow } from '@pondesk/contracts';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { BranchesService } from './branches.service';
import { CreateBranchDto, UpdateBranchDto } from './dto/branch.dto';

@ApiTags('administration')
@Controller('branches')
export class BranchesController {
  constructor(private readonly branches: BranchesService) {}

  @Get()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: "The account's branches with user counts" })
  @ApiOkResponse({ description: 'BranchRow[]' })
  list(@CurrentUser() actor: TenantActor): Promise<BranchRow[]> {
    return this.branches.list(actor);
  }

  @Post()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'Add a branch' })
  @ApiCreatedResponse({ description: 'BranchRow' })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreateBranchDto): Promise<BranchRow> {
    return this.branches.create(actor, body);
  }

  @Get(':id')
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'One branch' })
  @ApiNotFoundResponse()
  get(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<BranchRow> {
    return this.branches.get(actor, id);
  }

  @Patch(':id')
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'Edit a branch' })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateBranchDto,
  ): Promise<BranchRow> {
    return this.branches.update(actor, id, body);
  }

  @Delete(':id')
  @RequirePermission(Permission.Admin)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a branch (its users keep their other branches)' })
  @ApiNoContentResponse()
  async remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.branches.remove(actor, id);
  }
}
