import { C } from '@lns/contract/codes';
import { digestOfFileUrl } from '@lns/contract/files';
import { dataUrlBytes } from '@lns/contract/fuota';
import { FIRMWARE_MAX_BYTES } from '@lns/contract/limits';
import { V } from '@lns/contract/validation';
import { DomainError } from '../errors';
import type { FileStore } from '../files/store';

/**
 * The image of a firmware request: a Base64 data URL (`payload`, checked by the contract) or a
 * file-store reference, whose size only the store knows. Shared by FUOTA and relay firmware tasks.
 */
export async function firmwareImage(files: FileStore, b: { fileUrl?: string; payload?: string }): Promise<Buffer> {
  if (b.payload) return Buffer.from(dataUrlBytes(b.payload)!);
  const digest = digestOfFileUrl(b.fileUrl ?? '');
  const data = digest && (await files.read(digest));
  if (!data) throw new DomainError(C.FILE_MISSING, 'no such file in the store', 'fileUrl');
  if (data.length > FIRMWARE_MAX_BYTES) throw new DomainError(C.PARAM_FORMAT, V.firmwareTooLarge, 'fileUrl');
  return data;
}
