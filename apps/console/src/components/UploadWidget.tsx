import { FILE_NAME_CHARS, UPLOAD_MAX_BYTES } from '@lns/contract/limits';
import UploadIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sha256Hex } from '../lib/digest';
import { upload } from '../lib/http';
import { toast } from '../lib/toast';

export interface UploadWidgetProps {
  /** '/api/file/upload' (default) or '/api/fileupload'. */
  url?: string;
  /** File input accept list, e.g. '.xlsx,.xls'. Files not matching get the format error (3 s). */
  accept?: string;
  /** Size limit in bytes (default 1 MB). */
  maxBytes?: number;
  /** Send `digest` = SHA-256 hex of the file (default true). */
  digest?: boolean;
  /** Extra form fields. */
  fields?: Record<string, string>;
  label?: string;
  disabled?: boolean;
  /** Code 0 → data.fileUrl; 6002 (file exists) → also called, with the fileUrl when the server gives one. */
  onUploaded?: (fileUrl: string, file: File) => void;
}

export const HIDE_PROGRESS_MS = 500;

const matchesAccept = (name: string, accept?: string) =>
  !accept || accept.split(',').some((a) => name.toLowerCase().endsWith(a.trim().toLowerCase()));

/** File chosen → digest → multipart POST with x-access-token → progress overlay (hidden 500 ms after). */
export function UploadWidget({
  url = '/api/file/upload',
  accept,
  maxBytes = UPLOAD_MAX_BYTES,
  digest = true,
  fields,
  label,
  disabled,
  onUploaded,
}: UploadWidgetProps) {
  const { t } = useTranslation('widgets');
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState('');
  const hide = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hide.current), []);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return toast.warning(t('upload.selectFirst'));
    if (!matchesAccept(file.name, accept) || !FILE_NAME_CHARS.test(file.name)) {
      return toast.error(t('upload.wrongFormat'), { duration: 3000 });
    }
    if (file.size > maxBytes) {
      return toast.error(t('upload.tooLarge', { file: file.name, size: +(maxBytes / 1024 / 1024).toFixed(2) }));
    }
    setName(file.name);
    setProgress(0);
    try {
      const form = new FormData();
      if (digest) form.append('digest', await sha256Hex(file));
      for (const [k, v] of Object.entries(fields ?? {})) form.append(k, v);
      form.append('file', file);
      const env = await upload<{ fileUrl?: string }>(url, form, {
        onProgress: setProgress,
        accept: [6002],
        silent: true,
      });
      setProgress(100);
      if (env.code === 6002) toast.success(t('upload.exists', { file: file.name }));
      else toast.success(t('upload.done', { file: file.name }));
      onUploaded?.(env.data?.fileUrl ?? '', file);
      hide.current = setTimeout(() => setProgress(null), HIDE_PROGRESS_MS);
    } catch {
      setProgress(null);
      toast.error(t('upload.failed', { file: file.name }));
    }
  };

  return (
    <Box
      sx={{ position: 'relative', display: 'inline-flex', flexDirection: 'column', gap: 0.5, minWidth: 220 }}
      data-testid="upload-widget"
    >
      <input ref={input} type="file" hidden accept={accept} onChange={pick} data-testid="upload-input" />
      <Button
        variant="outlined"
        startIcon={<UploadIcon />}
        disabled={disabled || progress !== null}
        onClick={() => input.current?.click()}
      >
        {label ?? t('upload.choose')}
      </Button>
      {progress !== null && (
        <Box data-testid="upload-progress">
          <Typography variant="caption" noWrap>
            {name} {progress}%
          </Typography>
          <LinearProgress variant="determinate" value={progress} />
        </Box>
      )}
    </Box>
  );
}
