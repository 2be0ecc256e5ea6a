import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

export const IS_PUBLIC_KEY = 'pondesk:public';
export const REQUIRED_PERMISSION_KEY = 'pondesk:permission';
export const PLATFORM_ADMIN_KEY = 'pondesk:platform-admin';

/** No sign-in needed. Shown in OpenAPI as `x-auth: public`. */
export const Public = () =>
  applyDecorators(SetMetadata(IS_PUBLIC_KEY, true), ApiExtension('x-auth', 'public'));

/** Any signed-in user of the tenant (profile, own session). */
export const Authenticated = () =>
  applyDecorators(
    SetMetadata(REQUIRED_PERMISSION_KEY, null),
    ApiBearerAuth(),
    ApiExtension('x-auth', 'signed-in'),
    ApiUnauthorizedResponse({ description: 'Missing or expired access token' }),
  );

/**
 * Signed-in user whose role holds an active menu with this permission code (2000–2022); with several
 * codes, any one of them is enough (screens reachable from more than one menu, such as an ONU's page).
 */
export const RequirePermission = (...codes: [number, ...number[]]) =>
  applyDecorators(
    SetMetadata(REQUIRED_PERMISSION_KEY, codes.length === 1 ? codes[0] : codes),
    ApiBearerAuth(),
    ApiExtension('x-auth', 'permission'),
    ApiExtension('x-permission', codes.length === 1 ? codes[0] : codes),
    ApiUnauthorizedResponse({ description: 'Missing or expired access token' }),
    ApiForbiddenResponse({
      description: `Role lacks permission ${codes.length === 1 ? codes[0] : `${codes.join(', ')} (any one)`}`,
    }),
  );

/** The platform operator only (manages tenants). */
export const PlatformAdmin = () =>
  applyDecorators(
    SetMetadata(PLATFORM_ADMIN_KEY, true),
    ApiBearerAuth(),
    ApiExtension('x-auth', 'platform-admin'),
    ApiUnauthorizedResponse({ description: 'Missing or expired access token' }),
    ApiForbiddenResponse({ description: 'Platform administrators only' }),
  );
