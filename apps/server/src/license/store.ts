import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema/core';

/** Settings keys of the license text and of the token's SHA-256 (the token itself is never stored). */
export const LICENSE_KEY = 'license.text';
export const TOKEN_HASH_KEY = 'license.tokenHash';

type Reader = Pick<Db, 'select'>;

export interface StoredLicense {
  license: string | undefined;
  tokenHash: string | undefined;
}

export async function readStoredLicense(db: Reader): Promise<StoredLicense> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [LICENSE_KEY, TOKEN_HASH_KEY]));
  const of = (key: string) => {
    const v = rows.find((r) => r.key === key)?.value;
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  return { license: of(LICENSE_KEY), tokenHash: of(TOKEN_HASH_KEY) };
}

/** Both rows in one statement: a license is never stored without its token, nor the other way round. */
export async function writeStoredLicense(db: Db, license: string, tokenHash: string): Promise<void> {
  const now = Date.now();
  await db
    .insert(settings)
    .values([
      { key: LICENSE_KEY, value: license, updatedAt: now },
      { key: TOKEN_HASH_KEY, value: tokenHash, updatedAt: now },
    ])
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
    });
}
