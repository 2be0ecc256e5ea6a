import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, VpnState } from '@pondesk/contracts';
import { updateSessionUser } from '../auth/session-store';
import { useSession } from '../auth/session';
import * as api from './api';
import { profileKeys } from './query-keys';

/** The signed-in user's profile (not for the platform administrator, who has none). */
export function useProfile() {
  const { user } = useSession();
  return useQuery({
    queryKey: profileKeys.me(),
    queryFn: api.fetchProfile,
    enabled: !!user && !user.isPlatformAdmin,
  });
}

/** Every profile answer also refreshes the session user, so the sidebar and guards follow it. */
function useStoreProfile() {
  const qc = useQueryClient();
  return (profile: Profile) => {
    qc.setQueryData(profileKeys.me(), profile);
    updateSessionUser(sessionPart(profile));
  };
}

export function sessionPart(p: Profile) {
  return {
    username: p.username,
    email: p.email,
    ispName: p.ispName,
    roleName: p.roleName,
    permissions: p.permissions,
    photoUrl: p.photoUrl,
    profileConfirmed: p.profileConfirmed,
  };
}

export function useUpdateProfile() {
  const store = useStoreProfile();
  return useMutation({ mutationFn: api.updateProfile, onSuccess: store });
}

export function useCompleteProfile() {
  const store = useStoreProfile();
  return useMutation({ mutationFn: api.completeProfile, onSuccess: store });
}

export const useSendOtp = () => useMutation({ mutationFn: api.sendOtp });

export const useChangePassword = () => useMutation({ mutationFn: api.changePassword });

export function useUploadPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: api.uploadPhoto,
    onSuccess: ({ photoUrl }) => {
      updateSessionUser({ photoUrl });
      qc.setQueryData<Profile>(profileKeys.me(), (p) => (p ? { ...p, photoUrl } : p));
    },
  });
}

/** A dialled-in router is looked for this often while the account's router is not (yet) connected. */
export const VPN_STATUS_REFRESH_MS = 15_000;

/** The tenant's VPN account (Add VPN); only the account's admin (2000) may read it. */
export function useVpn(enabled: boolean) {
  return useQuery({
    queryKey: profileKeys.vpn(),
    queryFn: api.fetchVpn,
    enabled,
    refetchInterval: (q) =>
      q.state.data?.account && q.state.data.connected !== true ? VPN_STATUS_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
}

function useStoreVpn() {
  const qc = useQueryClient();
  return (state: VpnState) => qc.setQueryData(profileKeys.vpn(), state);
}

export function useAddVpn() {
  const store = useStoreVpn();
  return useMutation({ mutationFn: api.addVpn, onSuccess: store });
}

export function useRemoveVpn() {
  const store = useStoreVpn();
  return useMutation({ mutationFn: api.removeVpn, onSuccess: store });
}
