import { useQuery } from '@tanstack/react-query';
import { fetchHealth } from './api';
import { systemKeys } from './query-keys';

export const useHealth = () =>
  useQuery({ queryKey: systemKeys.health(), queryFn: fetchHealth, refetchInterval: 5000 });
