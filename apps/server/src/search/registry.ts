import type { AuthUser } from '../auth/guard';

export interface SearchArgs {
  /** Trimmed, as typed: names are matched with it. */
  keyword: string;
  /** For types whose ids are EUIs: the keyword read as hex (searchHex), when it is EUI-like. */
  hex?: string;
  user: AuthUser;
  limit?: number;
  offset: number;
  /** Extra filter some types take (e.g. mcEUI for devices of a multicast group). */
  mcEUI?: string;
}

export type SearchProvider = (args: SearchArgs) => Promise<{ rows: Record<string, unknown>[]; amount: number }>;

/**
 * Global search: each area registers the entity types it can find ('application', 'device',
 * 'mcgroup', 'gateway', 'user'); /api/search dispatches by category and enforces ownership
 * through each provider.
 */
export class SearchRegistry {
  private readonly providers = new Map<string, { fn: SearchProvider; adminOnly: boolean }>();

  register(type: string, fn: SearchProvider, opts: { adminOnly?: boolean } = {}): void {
    this.providers.set(type, { fn, adminOnly: opts.adminOnly ?? false });
  }

  get(type: string) {
    return this.providers.get(type);
  }

  types(): string[] {
    return [...this.providers.keys()];
  }
}
