import { useCallback } from 'react';
import type { PublicUser } from '@cp/contracts';
import { isServer } from '../ssr.ts';
import { useGetCurrentUserQuery, useLogoutMutation } from '../api/auth-api.ts';

export interface AuthState {
  /** The current user, or null when nobody is logged in (also while loading). */
  user: PublicUser | null;
  /** True until GET /api/auth/user has answered once. */
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** Ends the session; resolves even when the call fails (spec §4, §8). */
  logout: () => Promise<void>;
}

/** Display name: first and last name when given, else the username. */
export function displayName(user: Pick<PublicUser, 'firstName' | 'lastName' | 'username'>): string {
  const full = [user.firstName, user.lastName].filter((part): part is string => Boolean(part && part.trim())).join(' ');
  return full || user.username;
}

/** The session of spec §4 for any component of the shell or a remote. */
export function useAuth(): AuthState {
  // The server never knows who is reading (it renders anonymous pages only, shared by every visitor through caches):
  // there the session is "still loading", as in the browser's first render, so the two match (issue 20).
  const { data, isLoading: loading } = useGetCurrentUserQuery(undefined, { skip: isServer });
  const isLoading = isServer || loading;
  const [logoutMutation] = useLogoutMutation();
  const user = data ?? null;
  const logout = useCallback(async () => {
    await logoutMutation().unwrap().catch(() => undefined);
  }, [logoutMutation]);
  return { user, isLoading, isAuthenticated: user !== null, isAdmin: user?.isAdmin === true, logout };
}
