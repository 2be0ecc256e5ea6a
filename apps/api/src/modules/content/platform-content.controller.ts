import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type {
  CompanyLinks,
  OtherProduct,
  SupportContact,
  TermsContent,
  UpdateEvent,
} from '@pondesk/contracts';
import { PlatformAdmin } from '../../common/auth/auth.decorators';
import { CurrentActor, type Actor, type PlatformActor } from '../../common/auth/actor';
import { UuidParamPipe } from '../../common/http/uuid-param.pipe';
import { ContentService } from './content.service';
import {
  CompanyLinksDto,
  OtherProductDto,
  SupportContactDto,
  TermsContentDto,
  UpdateEventDto,
} from './dto/platform-content.dto';

const platform = (actor: Actor): PlatformActor => actor as PlatformActor; // the guard admitted only platform tokens

/** The platform administrator edits the content tenants and guests read. */
@ApiTags('platform')
@Controller('platform/content')
export class PlatformContentController {
  constructor(private readonly content: ContentService) {}

  @Get('support')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Support contact (phone, email, chat link)' })
  @ApiOkResponse({ description: 'SupportContact' })
  getSupport(): Promise<SupportContact> {
    return this.content.setting('support');
  }

  @Put('support')
  @PlatformAdmin()
  @ApiOperation({ summary: "Replace the support contact ('' hides a field)" })
  @ApiOkResponse({ description: 'SupportContact' })
  putSupport(@CurrentActor() actor: Actor, @Body() body: SupportContactDto): Promise<SupportContact> {
    return this.content.putSupport(platform(actor), body);
  }

  @Get('terms')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Terms and conditions shown on sign-up' })
  @ApiOkResponse({ description: 'TermsContent' })
  getTerms(): Promise<TermsContent> {
    return this.content.setting('terms');
  }

  @Put('terms')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Replace the terms and conditions' })
  @ApiOkResponse({ description: 'TermsContent' })
  putTerms(@CurrentActor() actor: Actor, @Body() body: TermsContentDto): Promise<TermsContent> {
    return this.content.putTerms(platform(actor), body);
  }

  @Get('company')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Company name and social/app links shown on sign-in and sign-up' })
  @ApiOkResponse({ description: 'CompanyLinks' })
  getCompany(): Promise<CompanyLinks> {
    return this.content.setting('company');
  }

  @Put('company')
  @PlatformAdmin()
  @ApiOperation({ summary: "Replace the company links ('' hides a link)" })
  @ApiOkResponse({ description: 'CompanyLinks' })
  putCompany(@CurrentActor() actor: Actor, @Body() body: CompanyLinksDto): Promise<CompanyLinks> {
    return this.content.putCompany(platform(actor), body);
  }

  @Get('products')
  @PlatformAdmin()
  @ApiOperation({ summary: "The support panel's other services" })
  @ApiOkResponse({ description: 'OtherProduct[]' })
  listProducts(): Promise<OtherProduct[]> {
    return this.content.listProducts();
  }

  @Post('products')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Add a service to the support panel' })
  @ApiCreatedResponse({ description: 'OtherProduct' })
  createProduct(@CurrentActor() actor: Actor, @Body() body: OtherProductDto): Promise<OtherProduct> {
    return this.content.createProduct(platform(actor), body);
  }

  @Put('products/:id')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Replace a service of the support panel' })
  @ApiNotFoundResponse()
  updateProduct(
    @CurrentActor() actor: Actor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: OtherProductDto,
  ): Promise<OtherProduct> {
    return this.content.updateProduct(platform(actor), id, body);
  }

  @Delete('products/:id')
  @PlatformAdmin()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Remove a service from the support panel' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  deleteProduct(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.content.deleteProduct(platform(actor), id);
  }

  @Get('events')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Update events (popups), latest start first' })
  @ApiOkResponse({ description: 'UpdateEvent[]' })
  listEvents(): Promise<UpdateEvent[]> {
    return this.content.listEvents();
  }

  @Post('events')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Announce an update: a popup each signed-in user sees once while it is active' })
  @ApiCreatedResponse({ description: 'UpdateEvent' })
  createEvent(@CurrentActor() actor: Actor, @Body() body: UpdateEventDto): Promise<UpdateEvent> {
    return this.content.createEvent(platform(actor), body);
  }

  @Put('events/:id')
  @PlatformAdmin()
  @ApiOperation({ summary: 'Replace an update event (users who closed it keep it closed)' })
  @ApiNotFoundResponse()
  updateEvent(
    @CurrentActor() actor: Actor,
    @Param('id', UuidParamPipe) id: string,
    @Body() body: UpdateEventDto,
  ): Promise<UpdateEvent> {
    return this.content.updateEvent(platform(actor), id, body);
  }

  @Delete('events/:id')
  @PlatformAdmin()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete an update event' })
  @ApiNoContentResponse()
  @ApiNotFoundResponse()
  deleteEvent(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<void> {
    return this.content.deleteEvent(platform(actor), id);
  }
}
