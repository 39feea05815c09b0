import { C } from '@lns/contract/codes';
import { AUTH_TYPES, type AuthType, type BatchRowError, IMPORT_FILE_MAX } from '@lns/contract/devices';
import { validationKey } from '@lns/contract/validation';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CardPanel } from '../../../components/CardPanel';
import { validationText } from '../../../lib/form/messages';
import { codeMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { batchCreate, devKeys } from '../api';
import { checkFile, downloadTemplate, type ImportProblem, parseImport } from '../importFile';

/** /application/device/batch: bulk import from .xlsx/.xls, parsed in the browser, all rows or none. */
export default function DeviceBatch() {
  const { t } = useTranslation('devices');
  const [params] = useSearchParams();
  const appID = Number(params.get('appID') ?? 0);
  const appName = params.get('appName') ?? '';
  const navigate = useNavigate();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [authType, setAuthType] = useState<AuthType>('otaa');
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<Record<string, unknown>[]>([]);
  const [problem, setProblem] = useState<string>('');
  const [failed, setFailed] = useState<BatchRowError[]>([]);
  const [busy, setBusy] = useState(false);

  const problemText = (p: ImportProblem, f?: File) =>
    p === 'fileSize'
      ? t('import.problem.fileSize', { name: f?.name, max: IMPORT_FILE_MAX / 1024 / 1024 })
      : t(`import.problem.${p}`);

  const pick = async (f: File | undefined) => {
    setFailed([]);
    setRows([]);
    setProblem('');
    setFile(null);
    if (!f) return;
    const bad = checkFile(f);
    if (bad) {
      setProblem(problemText(bad, f));
      return;
    }
    try {
      setRows(await parseImport(f, authType));
      setFile(f);
    } catch (e) {
      setProblem(problemText(typeof e === 'string' ? (e as ImportProblem) : 'parse'));
    }
  };

  const clear = () => {
    setFile(null);
    setRows([]);
    setFailed([]);
    setProblem('');
    if (input.current) input.current.value = '';
    toast.info(t('import.deleted'));
  };

  const submit = async () => {
    setBusy(true);
    setFailed([]);
    try {
      const res = await batchCreate({ appID, authType, devices: rows });
      if (res?.failed.length) {
        setFailed(res.failed);
        toast.error(t('import.uploadError'));
        return;
      }
      toast.success(t('import.done', { count: res?.created }));
      void qc.invalidateQueries({ queryKey: devKeys.all });
      void qc.invalidateQueries({ queryKey: ['applications'] });
      navigate(`/application/device/list?appID=${appID}&appName=${encodeURIComponent(appName)}`);
    } catch {
      // the HTTP client has shown the refusal (e.g. the device quota)
    } finally {
      setBusy(false);
    }
  };

  const reason = (f: BatchRowError) => {
    const key = validationKey(f.reason);
    if (key) return validationText(key);
    if (f.code === C.DEVICE_EXISTS)
      return f.reason === 'device exists' ? t('validation.devEUIExists') : t('import.duplicated', { detail: f.reason });
    if (f.code === C.DEVADDR_NWKSKEY_DUP) return t('validation.sessionExists');
    return `${codeMessage(f.code)}${f.field ? ` (${f.field})` : ''}: ${f.reason}`;
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1100 }}>
      <Typography variant="h6">{t('import.title', { app: appName })}</Typography>
      <CardPanel title={t('import.steps')}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <RadioGroup
            row
            value={authType}
            onChange={(e) => {
              setAuthType(e.target.value as AuthType);
              setRows([]);
              setFile(null);
              setFailed([]);
              if (input.current) input.current.value = '';
            }}
          >
            {AUTH_TYPES.map((a) => (
              <FormControlLabel
                key={a}
                value={a}
                control={<Radio data-testid={`import-auth-${a}`} />}
                label={t(`auth.${a}`)}
              />
            ))}
          </RadioGroup>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => downloadTemplate(authType)}
              data-testid="import-template"
            >
              {t('import.template')}
            </Button>
            <Button variant="outlined" component="label" startIcon={<UploadIcon />}>
              {t('import.choose')}
              <input
                ref={input}
                hidden
                type="file"
                accept=".xlsx,.xls"
                data-testid="import-file"
                onChange={(e) => void pick(e.target.files?.[0])}
              />
            </Button>
            {file && (
              <Button color="inherit" onClick={clear} data-testid="import-clear">
                {t('import.remove', { name: file.name })}
              </Button>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('import.hint', { max: IMPORT_FILE_MAX / 1024 / 1024 })}
            </Typography>
          </Box>
          {problem && (
            <Alert severity="error" data-testid="import-problem">
              {problem}
            </Alert>
          )}
          {rows.length > 0 && (
            <Alert severity="info" data-testid="import-count">
              {t('import.parsed', { count: rows.length })}
            </Alert>
          )}
          <Box>
            <Button
              variant="contained"
              disabled={rows.length === 0}
              loading={busy}
              onClick={submit}
              data-testid="import-submit"
            >
              {t('import.submit')}
            </Button>
          </Box>
        </Box>
      </CardPanel>
      {failed.length > 0 && (
        <CardPanel title={t('import.failedTitle', { count: failed.length })} data-testid="import-failed">
          <Alert severity="warning" sx={{ mb: 1 }}>
            {t('import.nothingWritten')}
          </Alert>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('import.row')}</TableCell>
                <TableCell>{t('field.devEUI')}</TableCell>
                <TableCell>{t('import.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {failed.slice(0, 500).map((f) => (
                <TableRow key={f.index} data-testid={`import-failed-row-${f.index + 2}`}>
                  {/* Sheet row: the header is row 1. */}
                  <TableCell>{f.index + 2}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{f.devEUI}</TableCell>
                  <TableCell>{reason(f)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardPanel>
      )}
    </Box>
  );
}
