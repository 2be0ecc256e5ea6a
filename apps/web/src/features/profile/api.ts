import type {
  ChangePasswordRequest,
  CompleteProfileRequest,
  MessageResponse,
  PhotoResponse,
  Profile,
  SendOtpResponse,
  UpdateProfileRequest,
  VpnState,
} from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export const fetchProfile = () => http<Profile>('/profile');

export const updateProfile = (body: UpdateProfileRequest) =>
  http<Profile & { message?: string }>('/profile', { method: 'PATCH', body });

export const changePassword = (body: ChangePasswordRequest) =>
  http<MessageResponse>('/profile/password', { method: 'POST', body });

export const sendOtp = (contactNumber: string) =>
  http<SendOtpResponse>('/profile/otp', { method: 'POST', body: { contactNumber } });

export const completeProfile = (body: CompleteProfileRequest) =>
  http<Profile & { message?: string }>('/profile/complete', { method: 'POST', body });

export function uploadPhoto(file: File): Promise<PhotoResponse> {
  const body = new FormData();
  body.append('photo', file);
  return http<PhotoResponse>('/profile/photo', { method: 'POST', body });
}

/** The tenant's VPN account on the platform's concentrator (Add VPN). */
export const fetchVpn = () => http<VpnState>('/profile/vpn');

export const addVpn = () => http<VpnState>('/profile/vpn', { method: 'POST' });

export const removeVpn = () => http<VpnState>('/profile/vpn', { method: 'DELETE' });
