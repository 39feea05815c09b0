/**
 * An endpoint's method and path, and filling its path parameters. Free of zod on purpose: the
 * console calls the endpoints it needs before sign-in through routes (api/*-routes.ts), so its
 * first page loads without the schemas. endpoint.ts re-exports all of it.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  method: Method;
  /** `:name` segments are path parameters. */
  path: `/api/${string}`;
}

/** The path with its `:name` segments filled from the input; the other fields stay query or body. */
export function fillPath(e: { path: string; params?: unknown }, input: unknown): { path: string; rest: unknown } {
  if (!e.params) return { path: e.path, rest: input };
  const values = (input ?? {}) as Record<string, unknown>;
  const names = new Set<string>();
  const path = e.path.replace(/:(\w+)/g, (_, name: string) => {
    names.add(name);
    return encodeURIComponent(String(values[name]));
  });
  return { path, rest: Object.fromEntries(Object.entries(values).filter(([k]) => !names.has(k))) };
}

/** Every endpoint's path starts with this; the generated description is served under API_DOCS. */
export const API_ROOT = '/api';
export const API_DOCS = `${API_ROOT}/docs`;
/** True for the API's own paths (the console's routes never start with it). */
export const isApiPath = (url: string) => url === API_ROOT || url.startsWith(`${API_ROOT}/`);
