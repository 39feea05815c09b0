import { fileApi } from '@lns/contract/api/files';
import { C } from '@lns/contract/codes';
import { FILE_MAX_BYTES, type StoredFile, sha256Hex } from '@lns/contract/files';
import UploadIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { ApiError } from '../lib/http';
import { toast } from '../lib/toast';
import { FileChip } from './FileChip';

/** The progress overlay stays this long after the upload finished, so 100 % is seen. */
export const UPLOAD_OVERLAY_HIDE_MS = 500;

/** A limit as the upload messages name it: in M (1 M = 1,048,576 bytes), "1M", "0.06M". */
export const megaText = (bytes: number) => `${+(bytes / 1048576).toFixed(2)}M`;

export interface UploadedFile {
  /** The store's answer: its reference (fileUrl), name, size and digest. */
  stored: StoredFile;
  file: File;
  /** The same content was stored already (6002): its reference is used. */
  existed: boolean;
}

export interface FileUploadProps {
  /** The file the form holds now (shown as a chip with a remove button, its size when known), or null. */
  value: { fileName: string; size?: number } | null;
  onUploaded: (r: UploadedFile) => void;
  onRemove: () => void;
  /** Called with the content once read and within the limit, before the upload (a form reads a header, say). */
  onRead?: (file: File, bytes: Uint8Array) => void;
  /** Largest file taken, in bytes (default: the store's 1 MB). */
  maxBytes?: number;
  /** The refusal of a larger file; default "<file> is too large: at most <limit>M". */
  tooLargeText?: (file: File) => string;
  /** A form's own rule for the chosen file (a .deb name, say): its refusal text, or undefined to take it. */
  refuse?: (file: File) => string | undefined;
  /** The choose button's text. */
  label?: string;
  /** Under the widget while nothing is wrong; default "At most <limit>M". */
  hint?: string;
  /** The form's message for this field. */
  error?: string;
  accept?: string;
  disabled?: boolean;
  /** Prefix of the test ids: `<id>-input`, `<id>-progress`, `<id>-remove`, `<id>-problem`. */
  testId?: string;
}

/**
 * The upload widget (docs/console.md): choose a file → refused by the form's rule or when larger
 * than `maxBytes` → its
 * SHA-256 → multipart POST to the file store (`digest`, then `file`) with a progress overlay that
 * hides 500 ms after the end. 6002 (already stored) is a success that uses the stored reference;
 * an error resets the progress and says "<file> failed".
 */
export function FileUpload({
  value,
  onUploaded,
  onRemove,
  onRead,
  maxBytes = FILE_MAX_BYTES,
  tooLargeText,
  refuse,
  label,
  hint,
  error,
  accept,
  disabled,
  testId = 'upload',
}: FileUploadProps) {
  const { t } = useTranslation('widgets');
  const input = useRef<HTMLInputElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [busy, setBusy] = useState(false);
  const [overlay, setOverlay] = useState(false);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState('');

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem('');
    const refused =
      refuse?.(file) ??
      (file.size > maxBytes
        ? (tooLargeText?.(file) ?? t('upload.tooLarge', { name: file.name, max: megaText(maxBytes) }))
        : undefined);
    if (refused) {
      setProblem(refused);
      toast.warning(refused);
      return;
    }
    clearTimeout(hideTimer.current);
    setBusy(true);
    setProgress(0);
    setOverlay(true);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      onRead?.(file, bytes);
      const form = new FormData();
      // The server checks the digest against the bytes that follow it.
      form.append('digest', await sha256Hex(bytes));
      form.append('file', file, file.name);
      const env = await api.upload(fileApi.upload, form, {
        onProgress: setProgress,
        accept: [C.FILE_EXISTS],
        silent: true,
      });
      const existed = env.code === C.FILE_EXISTS;
      setProgress(100);
      toast.success(t(existed ? 'upload.exists' : 'upload.done', { name: file.name }));
      onUploaded({ stored: env.data as StoredFile, file, existed });
      hideTimer.current = setTimeout(() => setOverlay(false), UPLOAD_OVERLAY_HIDE_MS);
    } catch (e) {
      const failed = t('upload.failed', { name: file.name });
      setProgress(0);
      setOverlay(false);
      setProblem(failed);
      toast.error(e instanceof ApiError ? e.message : failed, { title: failed });
    } finally {
      setBusy(false);
    }
  };

  const message = problem || error;
  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          border: 1,
          borderStyle: 'dashed',
          borderColor: message ? 'error.main' : 'divider',
          borderRadius: 1,
          p: 1.5,
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          alignItems: 'center',
          minHeight: 56,
        }}
      >
        <Button variant="outlined" component="label" startIcon={<UploadIcon />} disabled={busy || disabled}>
          {label ?? t('upload.choose')}
          <input
            ref={input}
            hidden
            type="file"
            accept={accept}
            data-testid={`${testId}-input`}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </Button>
        {value && (
          <>
            <FileChip name={value.fileName} onRemove={onRemove} testId={`${testId}-remove`} />
            {value.size !== undefined && (
              <Typography variant="body2" color="text.secondary">
                {t('upload.bytes', { count: value.size, size: value.size.toLocaleString() })}
              </Typography>
            )}
          </>
        )}
        {overlay && (
          <Box
            data-testid={`${testId}-progress`}
            data-progress={progress}
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1.5,
              px: 2,
              borderRadius: 1,
              bgcolor: (th) => alpha(th.palette.background.paper, 0.9),
            }}
          >
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label={t('upload.uploading')}
              sx={{ flexGrow: 1, maxWidth: 240, height: 6, borderRadius: 3 }}
            />
            <Typography variant="body2" sx={{ minWidth: 40 }}>
              {t('upload.percent', { percent: progress })}
            </Typography>
          </Box>
        )}
      </Box>
      <FormHelperText error={Boolean(message)} data-testid={message ? `${testId}-problem` : undefined}>
        {message || hint || t('upload.hint', { max: megaText(maxBytes) })}
      </FormHelperText>
    </Box>
  );
}
