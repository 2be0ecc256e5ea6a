import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Patch,
  Post,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { MessageResponse, PhotoResponse, Profile, SendOtpResponse } from '@pondesk/contracts';
import { IDENTITY_MESSAGES } from '@pondesk/contracts';
import { Authenticated } from '../../common/auth/auth.decorators';
import { CurrentUser, type TenantActor } from '../../common/auth/actor';
import { ChangePasswordDto, CompleteProfileDto, SendOtpDto, UpdateProfileDto } from './dto/profile.dto';
import { PHOTO_MAX_BYTES, ProfileService, type UploadedImage } from './profile.service';

@ApiTags('profile')
@Controller('profile')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  @Get()
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user, with the active permission codes of their role' })
  @ApiOkResponse({ description: 'Profile' })
  get(@CurrentUser() actor: TenantActor): Promise<Profile> {
    return this.profile.get(actor);
  }

  @Patch()
  @Authenticated()
  @ApiOperation({ summary: 'Edit own username, email, contact number, address (ISP name needs 2000)' })
  async update(
    @CurrentUser() actor: TenantActor,
    @Body() body: UpdateProfileDto,
  ): Promise<Profile & { message: string }> {
    return { ...(await this.profile.update(actor, body)), message: IDENTITY_MESSAGES.profileUpdated };
  }

  @Post('password')
  @Authenticated()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Change own password (other sessions are signed out)' })
  changePassword(
    @CurrentUser() actor: TenantActor,
    @Body() body: ChangePasswordDto,
  ): Promise<MessageResponse> {
    return this.profile.changePassword(actor, body.currentPassword, body.password);
  }

  @Post('otp')
  @Authenticated()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Send a 6-digit OTP by SMS (expires in 120 s; one per 60 s)' })
  @ApiTooManyRequestsResponse({ description: 'Asked again within 60 s, or too many sends' })
  sendOtp(@CurrentUser() actor: TenantActor, @Body() body: SendOtpDto): Promise<SendOtpResponse> {
    return this.profile.sendOtp(actor, body.contactNumber);
  }

  @Post('complete')
  @Authenticated()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Confirm the OTP, then save ISP name, number and address (profile completion popup)',
  })
  async complete(
    @CurrentUser() actor: TenantActor,
    @Body() body: CompleteProfileDto,
  ): Promise<Profile & { message: string }> {
    return { ...(await this.profile.complete(actor, body)), message: IDENTITY_MESSAGES.profileCompleted };
  }

  @Post('photo')
  @Authenticated()
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(FileInterceptor('photo', { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 0 } }))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: { photo: { type: 'string', format: 'binary' } },
      required: ['photo'],
    },
  })
  @ApiOperation({ summary: 'Upload own photo: PNG, JPEG, GIF or WebP (checked by content), at most 2 MB' })
  @ApiPayloadTooLargeResponse({ description: 'Larger than 2 MB' })
  uploadPhoto(
    @CurrentUser() actor: TenantActor,
    @UploadedFile() file: UploadedImage | undefined,
  ): Promise<PhotoResponse> {
    return this.profile.savePhoto(actor, file);
  }
}
