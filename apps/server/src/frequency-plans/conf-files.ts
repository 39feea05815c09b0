import { C } from '@lns/contract/codes';
import { digestOfFileUrl, type StoredFile } from '@lns/contract/files';
import { chipOf, PF_CONF_MAX_BYTES, type TxGainEntry, txLutFile } from '@lns/contract/frequency-plans';
import { DomainError } from '../errors';
import type { FileStore } from '../files/store';

/** A stored file's JSON, or why it is not one (null: not in the store). */
async function jsonOf(files: FileStore, digest: string): Promise<{ value: unknown } | { why: string } | null> {
  const data = await files.read(digest);
  if (!data) return null;
  if (data.length > PF_CONF_MAX_BYTES) return { why: `the file is ${data.length} bytes, at most ${PF_CONF_MAX_BYTES}` };
  try {
    return { value: JSON.parse(data.toString('utf8')) };
  } catch (err) {
    return { why: `the file is not JSON: ${(err as Error).message}` };
  }
}

/** The stored file a request names (6003 when the store does not have it). */
async function stored(files: FileStore, fileUrl: string, field: string): Promise<StoredFile> {
  const digest = digestOfFileUrl(fileUrl);
  const info = digest && (await files.info(digest));
  if (!info) throw new DomainError(C.FILE_MISSING, 'upload the file first (fileUrl of /api/fileupload)', field);
  return info;
}

/** A global_conf.json from the store: JSON with an SX130x_conf or SX1301_conf section (11003 otherwise). */
export async function checkGlobalConf(files: FileStore, fileUrl: string) {
  const file = await stored(files, fileUrl, 'filestore');
  const json = await jsonOf(files, file.digest);
  const why = !json ? 'the file is gone from the store' : 'why' in json ? json.why : undefined;
  const chip = json && 'value' in json ? chipOf(json.value) : undefined;
  if (why || !chip)
    throw new DomainError(
      C.GLOBALCONF_ENTRY_FAILED,
      why ?? 'not a packet-forwarder configuration: it has no SX130x_conf or SX1301_conf object',
      'filestore',
    );
  return { file, chip };
}

/** A tx LUT file from the store: 1–16 tx gain entries (10003 otherwise). */
export async function checkTxLut(files: FileStore, fileUrl: string) {
  const file = await stored(files, fileUrl, 'filestore');
  const json = await jsonOf(files, file.digest);
  if (!json || 'why' in json)
    throw new DomainError(C.TXLUT_ENTRY_FAILED, json?.why ?? 'the file is gone from the store', 'filestore');
  const r = txLutFile.safeParse(json.value);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new DomainError(
      C.TXLUT_ENTRY_FAILED,
      `not a table of tx gain entries (rf_power, pa_gain, …)${where}: ${issue?.message ?? 'invalid'}`,
      'filestore',
    );
  }
  return { file, entries: r.data as TxGainEntry[] };
}

/** A checked file's JSON again (for building a configuration); undefined when it is gone or broken. */
export async function readJson(files: FileStore, digest: string): Promise<unknown> {
  const json = await jsonOf(files, digest);
  return json && 'value' in json ? json.value : undefined;
}
