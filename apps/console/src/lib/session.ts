// Only zod-free contract modules may be imported here: this file is in the entry chunk.
import { accessOf } from '@lns/contract/roles';

/**
 * What the browser keeps about the signed-in user (localStorage), plus in-memory session
 * state (user info fetched, license). Components read it through `useSession()`.
 */
const K = {
  token: 'lns.token',
  name: 'lns.name',
  userID: 'lns.userID',
  avatar: 'lns.avatar',
  access: 'lns.access',
  pageSize: 'lns.pageSize.',
} as const;

const SESSION_KEYS = [K.token, K.name, K.userID, K.avatar, K.access];

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;
const emit = () => {
  version++;
  for (const l of listeners) l();
};

const get = (k: string) => {
  try {
    return localStorage.getItem(k);
  } catch {
    return null;
  }
};
const set = (k: string, v: string | null) => {
  try {
    if (v === null) localStorage.removeItem(k);
    else localStorage.setItem(k, v);
  } catch {}
};

/** In-memory: user info is fetched once per page session. */
const memory = { infoLoaded: false, licenseValid: true };

export const session = {
  get token(): string | null {
    return get(K.token);
  },
  get name(): string {
    return get(K.name) ?? '';
  },
  get userID(): number {
    return Number(get(K.userID) ?? 0);
  },
  get avatar(): string {
    return get(K.avatar) ?? '';
  },
  get access(): string[] {
    try {
      const v = JSON.parse(get(K.access) ?? '[]');
      return Array.isArray(v) ? v.map(String) : [];
    } catch {
      return [];
    }
  },
  get isAdmin(): boolean {
    return this.access.includes('admin');
  },
  get infoLoaded(): boolean {
    return memory.infoLoaded;
  },
  get licenseValid(): boolean {
    return memory.licenseValid;
  },

  /** After a successful POST /api/login. */
  signIn(r: { token: string; name: string; userID: number; admin: number; avatar?: string }): void {
    set(K.token, r.token);
    set(K.name, r.name);
    set(K.userID, String(r.userID));
    set(K.avatar, r.avatar ?? r.name.slice(0, 1).toUpperCase());
    set(K.access, JSON.stringify(accessOf(r.admin)));
    memory.infoLoaded = false;
    memory.licenseValid = true;
    emit();
  },

  /** After an own password change: the server ended every session and answered a new one for this browser. */
  replaceToken(token: string): void {
    set(K.token, token);
    emit();
  },

  /** After GET /api/user/info: the server's view wins (keeps types added from search). */
  applyInfo(info: { name: string; userID: number; access: string[]; license: { valid: boolean } }): void {
    set(K.name, info.name);
    set(K.userID, String(info.userID));
    const extra = this.access.filter((a) => !['admin', 'user'].includes(a));
    set(K.access, JSON.stringify([...new Set([...info.access, ...extra])]));
    memory.infoLoaded = true;
    memory.licenseValid = info.license.valid;
    emit();
  },

  /** Opening an application or device from search adds its type to the access list. */
  addAccess(item: string): void {
    const a = this.access;
    if (!item || a.includes(item)) return;
    set(K.access, JSON.stringify([...a, item]));
    emit();
  },

  markLicenseInvalid(): void {
    memory.licenseValid = false;
    emit();
  },

  /**
   * Sign-out: the session keys go; preferences (language, page sizes) stay, so the next
   * sign-in keeps the user's choices.
   */
  clear(): void {
    for (const k of SESSION_KEYS) set(k, null);
    try {
      sessionStorage.clear();
    } catch {}
    // biome-ignore lint/suspicious/noDocumentCookie: sign-out clears the site's cookies too
    for (const c of document.cookie.split(';')) document.cookie = `${c.split('=')[0]?.trim()}=; max-age=0; path=/`;
    memory.infoLoaded = false;
    memory.licenseValid = true;
    emit();
  },

  /** Page size remembered per list; `choices` validates it (usePaging passes PAGE_SIZES). */
  pageSize(list: string, choices: readonly number[], fallback: number): number {
    const n = Number(get(K.pageSize + list));
    return choices.includes(n) ? n : fallback;
  },
  setPageSize(list: string, n: number): void {
    set(K.pageSize + list, String(n));
  },
};

/** True when every access string of a route is in the user's list. */
export function allowed(required: readonly string[] | undefined, access: readonly string[] = session.access): boolean {
  return !required || required.every((r) => access.includes(r));
}

export function subscribeSession(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
export const sessionVersion = () => version;
