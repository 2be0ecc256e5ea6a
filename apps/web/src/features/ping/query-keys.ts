export const pingKeys = {
  all: ['ping'] as const,
  lists: () => [...pingKeys.all, 'list'] as const,
  list: (search: string) => [...pingKeys.lists(), search] as const,
  history: (id: string, hours: number) => [...pingKeys.all, 'history', id, hours] as const,
};
