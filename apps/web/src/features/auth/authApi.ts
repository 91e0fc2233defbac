import type { LoginRequest, RegisterRequest, UserProfile } from '@indicata/contracts';
import { api, ApiRequestError } from '../../lib/api.ts';
import { clearSessionHints } from '../../lib/session-hints.ts';

interface UserAnswer {
  user: UserProfile;
}

/** The signed-in user, or null when the session cookie is missing or expired. */
export async function fetchCurrentUser(): Promise<UserProfile | null> {
  try {
    const { user } = await api.get<UserAnswer>('/api/auth/me');
    return user;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      clearSessionHints();
      return null;
    }
    throw error;
  }
}

export async function loginRequest(body: LoginRequest): Promise<UserProfile> {
  return (await api.post<UserAnswer>('/api/auth/login', body)).user;
}

export async function registerRequest(body: RegisterRequest): Promise<UserProfile> {
  return (await api.post<UserAnswer>('/api/auth/register', body)).user;
}

export async function demoLoginRequest(): Promise<UserProfile> {
  return (await api.post<UserAnswer>('/api/auth/demo')).user;
}

export async function logoutRequest(): Promise<void> {
  await api.post<void>('/api/auth/logout');
}
