import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileUrlOf, type StoredFile } from '@lns/contract/files';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files } from '../db/schema/fuota';

/**
 * The file store (docs/product/files.md): content under `<dir>/<sha256>`, one row per content in
 * `files`. A file is written to a temporary name and renamed, so a reader never sees half of one.
 */
export class FileStore {
  constructor(
    private readonly db: Db,
    readonly dir: string,
  ) {}

  digestOf(data: Buffer): string {
    return createHash('sha256').update(data).digest('hex');
  }

  /** Stores the content once; `existed` when the same content was stored already (its first name stays). */
  async save(data: Buffer, name: string, ownerId: number): Promise<{ file: StoredFile; existed: boolean }> {
    const digest = this.digestOf(data);
    const [known] = await this.db.select().from(files).where(eq(files.digest, digest));
    if (known && (await this.has(digest))) return { file: this.describe(known), existed: true };
    await fs.mkdir(this.dir, { recursive: true });
    // A name of its own: two uploads of the same content at once must not rename one temporary file twice.
    const tmp = path.join(this.dir, `.${digest}.${randomUUID()}.tmp`);
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, this.pathOf(digest));
    const row = { digest, name, size: data.length, ownerId, createdAt: Date.now() };
    const added = await this.db.insert(files).values(row).onConflictDoNothing().returning({ digest: files.digest });
    if (known || added.length > 0) return { file: this.describe(known ?? row), existed: false };
    // Stored by a concurrent upload of the same content in the meantime: answered as for a later one.
    const [first] = await this.db.select().from(files).where(eq(files.digest, digest));
    return { file: this.describe(first ?? row), existed: true };
  }

  async read(digest: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(digest));
    } catch {
      return undefined;
    }
  }

  async info(digest: string): Promise<StoredFile | undefined> {
    const [row] = await this.db.select().from(files).where(eq(files.digest, digest));
    return row && (await this.has(digest)) ? this.describe(row) : undefined;
  }

  pathOf(digest: string): string {
    return path.join(this.dir, digest);
  }

  private async has(digest: string): Promise<boolean> {
    return fs.access(this.pathOf(digest)).then(
      () => true,
      () => false,
    );
  }

  private describe(r: { digest: string; name: string; size: number }): StoredFile {
    return { fileUrl: fileUrlOf(r.digest), fileName: r.name, size: r.size, digest: r.digest };
  }
}
