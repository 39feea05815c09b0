import { useSyncExternalStore } from 'react';
import { session, sessionVersion, subscribeSession } from './session';

/** Re-renders when the session changes (sign-in, sign-out, access added). */
export function useSession() {
  useSyncExternalStore(subscribeSession, sessionVersion);
  return {
    token: session.token,
    name: session.name,
    userID: session.userID,
    avatar: session.avatar,
    access: session.access,
    isAdmin: session.isAdmin,
  };
}
