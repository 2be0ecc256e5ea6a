export const oltPermissionKeys = {
  all: ['olt-permissions'] as const,
  ofUser: (userId: string) => [...oltPermissionKeys.all, 'user', userId] as const,
  choices: () => [...oltPermissionKeys.all, 'choices'] as const,
};
