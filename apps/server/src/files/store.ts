import { createHash } from 'node:crypto';
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
    const tmp = path.join(this.dir, `.${digest}.${process.pid}.tmp`);
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, this.pathOf(digest));
    const row = { digest, name, size: data.length, ownerId, createdAt: Date.now() };
    await this.db.insert(files).values(row).onConflictDoNothing();
    return { file: this.describe(known ?? row), existed: false };
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
