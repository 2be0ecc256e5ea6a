import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Put,
  Query,
  UseInterceptors,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Permission, type Paged, type UserRow } from '@pondesk/contracts';
import { RequirePermission } from '../../common/auth/auth.decorators';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { CreateUserDto, UpdateUserDto, UpdateUserStatusDto, UserListQueryDto } from './dto/user.dto';
import { UsersService } from './users.service';
import { RefreshSocketRoomsInterceptor } from '../realtime/refresh-socket-rooms.interceptor';

@ApiTags('administration')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: "The account's users" })
  @ApiOkResponse({ description: 'Paged<UserRow>' })
  list(@CurrentUser() actor: TenantActor, @Query() query: UserListQueryDto): Promise<Paged<UserRow>> {
    return this.users.list(actor, query);
  }

  @Post()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'Add a user (role defaults to User)' })
  @ApiCreatedResponse({ description: 'UserRow' })
  create(@CurrentUser() actor: TenantActor, @Body() body: CreateUserDto): Promise<UserRow> {
    return this.users.create(actor, body);
  }

  @Get(':id')
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'One user' })
  @ApiNotFoundResponse()
  get(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<UserRow> {
    return this.users.get(actor, id);
  }

  @Patch(':id')
  @UseInterceptors(RefreshSocketRoomsInterceptor)
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'Edit a user (role, branches, password…)' })
  update(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateUserDto,
  ): Promise<UserRow> {
    return this.users.update(actor, id, body);
  }

  @Put(':id/status')
  @UseInterceptors(RefreshSocketRoomsInterceptor)
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'Hold (signs the user out everywhere) or activate a user' })
  status(
    @CurrentUser() actor: TenantActor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateUserStatusDto,
  ): Promise<UserRow> {
    return this.users.setStatus(actor, id, body.status);
  }

  @Delete(':id')
  @UseInterceptors(RefreshSocketRoomsInterceptor)
  @RequirePermission(Permission.Admin)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a user' })
  @ApiNoContentResponse()
  async remove(@CurrentUser() actor: TenantActor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.users.remove(actor, id);
  }
}
