import { gatewayApi } from '@lns/contract/api/gateways';
import { GATEWAY_IMPORT_COLUMNS, GATEWAY_IMPORT_EXTENSIONS, type RowError } from '@lns/contract/gateways';
import { formatHex } from '@lns/contract/hex';
import { UPLOAD_MAX_BYTES } from '@lns/contract/limits';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, refusalOf } from '../../../lib/api';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { gwKeys } from '../api';

/** /gateway/batch: Excel import (.xlsx/.xls ≤ 1 MB), all rows or none, with each refused row listed. */
export default function GatewayBatch() {
  const { t } = useTranslation('gateways');
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [failure, setFailure] = useState('');

  // A failure was told by its toast; nothing else to do here.
  const template = () => api.download(gatewayApi.template, undefined, 'gateway-template.xlsx').catch(() => undefined);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setErrors([]);
    setFailure('');
    if (!file) return toast.warning(t('selectFile'));
    if (!GATEWAY_IMPORT_EXTENSIONS.some((x) => file.name.toLowerCase().endsWith(x))) return toast.error(t('excelOnly'));
    if (file.size > UPLOAD_MAX_BYTES)
      return toast.error(t('tooLarge', { file: file.name, size: UPLOAD_MAX_BYTES / 1048576 }));
    const form = new FormData();
    form.append('file', file);
    setProgress(0);
    try {
      const env = await api.upload(gatewayApi.import, form, { onProgress: setProgress, silent: true });
      toast.success(t('imported', { count: env.data?.count ?? 0 }));
      void qc.invalidateQueries({ queryKey: gwKeys.all });
    } catch (err) {
      if (err instanceof ApiError) {
        const rows = refusalOf(gatewayApi.import, err)?.errors ?? [];
        setErrors(rows);
        setFailure(
          rows.length
            ? t('uploadDataError')
            : err.field === 'file'
              ? `${t('parseFailed')}: ${err.message}`
              : err.message,
        );
      }
    } finally {
      setTimeout(() => setProgress(null), 500);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 960 }}>
      <Typography variant="h6">{t('importTitle')}</Typography>
      <Alert severity="info">
        {t('importHelp', { columns: GATEWAY_IMPORT_COLUMNS.map((c) => (c.required ? `${c.key}*` : c.key)).join(', ') })}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button startIcon={<DownloadIcon />} onClick={() => void template()} data-testid="gw-template">
          {t('template')}
        </Button>
        <input ref={input} type="file" hidden accept=".xlsx,.xls" onChange={pick} data-testid="gw-import-input" />
        <Button
          variant="contained"
          startIcon={<UploadIcon />}
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        >
          {t('chooseExcel')}
        </Button>
      </Box>
      {progress !== null && <LinearProgress variant="determinate" value={progress} data-testid="gw-import-progress" />}
      {failure && (
        <Alert severity="error" data-testid="gw-import-failure">
          {failure} {errors.length > 0 && t('useTemplate')}
        </Alert>
      )}
      {errors.length > 0 && (
        <Paper variant="outlined">
          <Table size="small" data-testid="gw-import-errors">
            <TableHead>
              <TableRow>
                <TableCell>{t('row')}</TableCell>
                <TableCell>{t('gwID')}</TableCell>
                <TableCell>{t('field')}</TableCell>
                <TableCell>{t('reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errors.map((r) => (
                <TableRow key={`${r.row}-${r.field}-${r.code}`}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    {r.gwID && /^[0-9a-f]{16}$/.test(r.gwID) ? formatHex(r.gwID) : r.gwID}
                  </TableCell>
                  <TableCell>{r.field}</TableCell>
                  <TableCell>{r.msg}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
}
