/** Bundles the server into `outDir`; returns the bundle's path. */
export function buildServer(outDir: string): Promise<string>;
/** Builds apps/server/dist unless its bundle is newer than every source; returns the bundle's path. */
export function ensureServerBuilt(): Promise<string>;
