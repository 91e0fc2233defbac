import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export interface PublicConfig {
  contactEmail: string;
}

/** Public settings (GET /api/config/public): the contact e-mail of the footer. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config', 'public'],
    queryFn: () => api.get<PublicConfig>('/api/config/public'),
    staleTime: Infinity,
  });
}
