import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@indicata/contracts';
import { api } from '../../lib/api.ts';

/** Public settings (GET /api/config/public): the contact e-mail of the footer. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config', 'public'],
    queryFn: ({ signal }) => api.get<PublicConfig>('/api/config/public', { signal }),
    staleTime: Infinity,
  });
}
