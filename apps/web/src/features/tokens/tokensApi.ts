import type { ApiToken, CreateApiTokenResponse } from '@indicata/contracts';
import { api } from '../../lib/api.ts';

export const tokensQueryKey = ['tokens'] as const;

/** GET /api/tokens: the signed-in user's tokens, newest first (never their secrets). */
export const fetchTokens = async (): Promise<ApiToken[]> => (await api.get<{ tokens: ApiToken[] }>('/api/tokens')).tokens;
/** POST /api/tokens: a new token and its secret, which the server shows this once. */
export const createToken = (name: string): Promise<CreateApiTokenResponse> => api.post<CreateApiTokenResponse>('/api/tokens', { name });
/** DELETE /api/tokens/:id: revokes a token (scripts using it are refused from then on). */
export const revokeToken = (id: string): Promise<void> => api.del(`/api/tokens/${encodeURIComponent(id)}`);
