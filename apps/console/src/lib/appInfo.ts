import { applicationApi } from '@lns/contract/api/applications';
import { C } from '@lns/contract/code-names';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { ApiError } from './http';

/** One application's detail, cached under the applications' keys: its pages and the device pages share it. */
export const appInfoKey = (appID: number) => ['applications', 'info', appID] as const;

/** The appID of a page's link; 0 when it names no application (absent, or not a positive integer). */
export function appIDOf(raw: string | null): number {
  const n = Number(raw ?? '');
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** The server says the application is gone (deleted, or not the caller's to see). */
export const isAppMissing = (e: unknown): boolean => e instanceof ApiError && e.code === C.APP_MISSING;

/** `showsMissing`: the caller shows an application that is gone itself, so no toast for it (any other failure still toasts). */
export function useAppInfo(appID: number, { enabled = true, showsMissing = false } = {}) {
  return useQuery({
    queryKey: appInfoKey(appID),
    queryFn: () => api.data(applicationApi.info, { appID }, showsMissing ? { silent: [C.APP_MISSING] } : {}),
    enabled: enabled && appID > 0,
  });
}
