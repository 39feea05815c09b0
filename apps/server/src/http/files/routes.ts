import { fileApi as api } from '@lns/contract/api/files';
import { C } from '@lns/contract/codes';
import { isDigest, isFileName } from '@lns/contract/files';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../errors';
import { refuseBatch } from '../devices/refuse';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';
import { sendStoredFile } from './send-file';

/** The file and the text fields of a multipart upload, in whatever order they came. */
async function readUpload(
  req: FastifyRequest,
  maxMb: number,
): Promise<{ name: string; data: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new DomainError(C.FILE_MISSING, 'send the file as multipart/form-data', 'file');
  const fields: Record<string, string> = {};
  let file: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: Math.floor(maxMb * 1048576) } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (file) part.file.resume();
      else {
        const data = await part.toBuffer().catch(() => {
          throw new DomainError(C.BODY_TOO_LARGE, `${part.filename} is larger than ${maxMb} M`, 'file');
        });
        file = { name: part.filename, data };
      }
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const status = (err as { statusCode?: number }).statusCode ?? 0;
    if (status === 413) throw new DomainError(C.BODY_TOO_LARGE, `the file is larger than ${maxMb} M`, 'file');
    throw new DomainError(C.PARAM_FORMAT, 'not a readable multipart/form-data body', 'file');
  }
  if (!file || file.data.length === 0) throw new DomainError(C.FILE_MISSING, 'select a file first', 'file');
  if (!isFileName(file.name))
    throw new DomainError(C.PARAM_FORMAT, 'file names allow only letters, digits, _ - .', 'file');
  return { ...file, fields };
}

/** The file store: uploads by admins, downloads by reference (docs/product/files.md). */
export const fileRoutes: RouteModule = (app, s) => {
  const store = s.files;
  const maxMb = s.config.UPLOAD_MAX_MB;
  // The body may carry the file and its form fields.
  const bodyLimit = { bodyLimit: Math.floor(maxMb * 1048576) + 64 * 1024 };

  const save = async (req: FastifyRequest, reply: FastifyReply, upload: { name: string; data: Buffer }) => {
    const { file, existed } = await store.save(upload.data, upload.name, req.user.id);
    if (existed) return refuseBatch(req, reply, C.FILE_EXISTS, file, `${file.fileName} is stored already`, 'file');
    return ok(file);
  };

  route(
    app,
    api.upload,
    async (req, reply) => {
      const upload = await readUpload(req, maxMb);
      const digest = upload.fields.digest?.trim().toLowerCase();
      if (!digest)
        throw new DomainError(C.FILE_SIGNATURE_MISSING, 'send the file’s SHA-256 as the field digest', 'digest');
      if (!isDigest(digest) || digest !== store.digestOf(upload.data))
        throw new DomainError(C.FILE_SIGNATURE_ERROR, 'the digest is not the SHA-256 of this file', 'digest');
      return save(req, reply, upload);
    },
    bodyLimit,
  );

  route(app, api.uploadPlain, async (req, reply) => save(req, reply, await readUpload(req, maxMb)), bodyLimit);

  route(app, api.download, async (req, reply) => {
    const info = await store.info(req.params.digest);
    if (!info) throw new DomainError(C.FILE_MISSING, undefined, 'digest');
    return sendStoredFile(req, reply, store, info);
  });
};
