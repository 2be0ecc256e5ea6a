export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  vpn: () => [...profileKeys.all, 'vpn'] as const,
};
