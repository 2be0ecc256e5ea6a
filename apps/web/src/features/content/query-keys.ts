export const contentKeys = {
  all: ['content'] as const,
  public: () => [...contentKeys.all, 'public'] as const,
  tenant: () => [...contentKeys.all, 'tenant'] as const,
  activeEvent: () => [...contentKeys.all, 'active-event'] as const,
};
