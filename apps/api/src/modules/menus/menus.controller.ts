import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Permission, isPermissionCode, permissionInfo, type MenuRow } from '@pondesk/contracts';
import { MenuEntity } from '@pondesk/server-database';
import { RequirePermission } from '../../common/auth/auth.decorators';

@ApiTags('administration')
@Controller('menus')
export class MenusController {
  constructor(private readonly db: DataSource) {}

  @Get()
  @RequirePermission(Permission.Admin)
  @ApiOperation({ summary: 'The permission codes (menus) a role can hold' })
  @ApiOkResponse({ description: 'MenuRow[]' })
  async list(): Promise<MenuRow[]> {
    const menus = await this.db.getRepository(MenuEntity).find({ order: { code: 'ASC' } });
    return menus.flatMap((m) =>
      isPermissionCode(m.code)
        ? [{ code: m.code, name: m.name, group: permissionInfo(m.code)?.group ?? 'Others', active: m.active }]
        : [],
    );
  }
}
