import { endpoint } from '../endpoint';
import { envelopeOf } from '../envelope';
import { FILE_MAX_BYTES, fileDigestParams, storedFile } from '../files';

const tags = ['files'] as const;
const mb = FILE_MAX_BYTES / 1048576;

export const fileApi = {
  upload: endpoint({
    method: 'POST',
    path: '/api/fileupload',
    access: 'admin',
    tags,
    summary: `Store a file (multipart: field "digest" = the file's SHA-256 in hex, then "file", ≤ ${mb} MB; name: letters, digits, _ - .). 6001 without digest, 6004 when it differs, 6002 (with the stored reference) when the same content is stored already, 6003 without a file`,
    multipart: true,
    bodyLimit: FILE_MAX_BYTES + 64 * 1024,
    response: envelopeOf(storedFile),
    refusal: storedFile,
  }),
  uploadPlain: endpoint({
    method: 'POST',
    path: '/api/file/upload',
    access: 'admin',
    tags,
    summary: `Store a file without a digest (multipart field "file", ≤ ${mb} MB); 6002 when the same content is stored already`,
    multipart: true,
    bodyLimit: FILE_MAX_BYTES + 64 * 1024,
    response: envelopeOf(storedFile),
    refusal: storedFile,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/file/:digest',
    access: 'admin',
    tags,
    summary: 'A stored file by its SHA-256 (the fileUrl of an upload); Range requests are answered in part',
    params: fileDigestParams,
    response: 'file',
  }),
};
