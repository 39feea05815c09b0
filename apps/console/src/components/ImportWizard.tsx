import {
  IMPORT_EXTENSIONS,
  IMPORT_FILE_BYTES,
  type ImportReport,
  type ImportRow,
  sizeText,
} from '@lns/contract/imports';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http';
import { importIssueText } from '../lib/importIssues';
import { FileChip } from './FileChip';

/** A problem with the file itself (not with its rows), already in the user's language. */
export class ImportFileProblem extends Error {}

/** Rows shown in the preview: a 20,000-row table would stall the page. */
const SHOWN_MAX = 200;

export interface ImportWizardProps {
  /** Choices that shape the check (e.g. the devices' activation); `resetKey` changes start over. */
  children?: ReactNode;
  resetKey?: string;
  /** "* marks a required column" and similar, above the file choice. */
  help?: ReactNode;
  onTemplate: () => unknown;
  /** Checks the file's rows without writing anything. Throws ImportFileProblem or ApiError. */
  check: (file: File) => Promise<ImportReport>;
  /** Writes the rows: all or none (a refusal's report is shown like the check's). */
  commit: (file: File) => Promise<ImportReport>;
  /** Refusal report of a failed commit, when the error carries one. */
  refusal?: (err: unknown) => ImportReport | undefined;
  onImported?: (created: number) => void;
  idLabel: string;
  nameLabel: string;
}

type Step = 'choose' | 'checking' | 'preview' | 'importing' | 'done';

/**
 * One import flow for every spreadsheet import: choose a file (type and size checked here) ->
 * the server checks every row without writing -> a preview lists each row with all its problems
 * -> Import, enabled only when no row fails (all rows or none) -> the result per row.
 */
export function ImportWizard(p: ImportWizardProps) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState('');

  const reset = () => {
    setStep('choose');
    setFile(null);
    setReport(null);
    setProblem('');
    if (input.current) input.current.value = '';
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new resetKey is the reason to start over
  useEffect(reset, [p.resetKey]);

  const failText = (err: unknown) =>
    err instanceof ImportFileProblem || err instanceof ApiError ? err.message : t('import.failed');

  const pick = async (f: File | undefined) => {
    reset();
    if (!f) return;
    if (!IMPORT_EXTENSIONS.some((x) => f.name.toLowerCase().endsWith(x))) {
      setProblem(t('import.fileType', { types: IMPORT_EXTENSIONS.join(', ') }));
      return;
    }
    if (f.size > IMPORT_FILE_BYTES) {
      setProblem(t('import.fileSize', { name: f.name, max: sizeText(IMPORT_FILE_BYTES) }));
      return;
    }
    setFile(f);
    setStep('checking');
    try {
      setReport(await p.check(f));
      setStep('preview');
    } catch (err) {
      setProblem(failText(err));
      setStep('choose');
    }
  };

  const commit = async () => {
    if (!file) return;
    setStep('importing');
    try {
      const done = await p.commit(file);
      setReport(done);
      setStep('done');
      p.onImported?.(done.created);
    } catch (err) {
      const refused = p.refusal?.(err);
      if (refused) setReport(refused);
      setProblem(failText(err));
      setStep('preview');
    }
  };

  const rows = report?.rows ?? [];
  const failing = rows.filter((r) => r.errors.length > 0);
  const shown = (failing.length ? failing : rows).slice(0, SHOWN_MAX);
  const busy = step === 'checking' || step === 'importing';

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="import-wizard">
      {p.children}
      {p.help}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void p.onTemplate()}
          data-testid="import-template"
        >
          {t('import.template')}
        </Button>
        <Button variant="outlined" component="label" startIcon={<UploadIcon />} disabled={busy}>
          {t('import.choose')}
          <input
            ref={input}
            hidden
            type="file"
            accept={IMPORT_EXTENSIONS.join(',')}
            data-testid="import-file"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </Button>
        {file ? (
          <FileChip name={file.name} onRemove={reset} testId="import-file-remove" />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('import.hint', { types: IMPORT_EXTENSIONS.join(', '), max: sizeText(IMPORT_FILE_BYTES) })}
          </Typography>
        )}
      </Box>
      {busy && <LinearProgress data-testid="import-busy" />}
      {problem && (
        <Alert severity="error" data-testid="import-problem">
          {problem}
        </Alert>
      )}
      {report && step !== 'done' && (
        <Alert severity={failing.length ? 'warning' : 'info'} data-testid="import-summary">
          {failing.length
            ? t('import.summaryFailing', { count: rows.length, failing: failing.length })
            : t('import.summaryReady', { count: rows.length })}{' '}
          {t('import.allOrNone')}
        </Alert>
      )}
      {step === 'done' && report && (
        <Alert severity="success" data-testid="import-done">
          {t('import.done', { count: report.created })}
        </Alert>
      )}
      {report && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="import-rows">
            <TableHead>
              <TableRow>
                <TableCell>{t('import.row')}</TableCell>
                <TableCell>{p.idLabel}</TableCell>
                <TableCell>{p.nameLabel}</TableCell>
                <TableCell>{t('import.result')}</TableCell>
              </TableRow>
            </TableHead>
            {shown.map((r) => (
              <PreviewRow key={r.row} r={r} done={step === 'done'} />
            ))}
          </Table>
          {shown.length < (failing.length || rows.length) && (
            <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
              {t('import.more', { shown: shown.length, count: failing.length || rows.length })}
            </Typography>
          )}
        </Paper>
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        {step === 'done' ? (
          <Button variant="contained" onClick={reset} data-testid="import-again">
            {t('import.again')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={!report || rows.length === 0 || failing.length > 0 || busy}
            loading={step === 'importing'}
            onClick={() => void commit()}
            data-testid="import-submit"
          >
            {t('import.submit', { count: rows.length })}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** One sheet row: its cells, then its problems on a full-width line (readable on a phone too). */
function PreviewRow({ r, done }: { r: ImportRow; done: boolean }) {
  const { t } = useTranslation('common');
  const failed = r.errors.length > 0;
  const line = failed ? { '& td': { borderBottom: 0 } } : undefined;
  return (
    <TableBody data-testid={`import-row-${r.row}`}>
      <TableRow sx={line}>
        <TableCell>{r.row}</TableCell>
        <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{r.id}</TableCell>
        <TableCell sx={{ wordBreak: 'break-word' }}>{r.name}</TableCell>
        <TableCell>
          {failed ? (
            <Chip
              size="small"
              color="error"
              variant="outlined"
              label={t('import.problems', { count: r.errors.length })}
            />
          ) : (
            <Chip
              size="small"
              color="success"
              variant="outlined"
              label={done ? t('import.imported') : t('import.ready')}
            />
          )}
        </TableCell>
      </TableRow>
      {failed && (
        <TableRow>
          <TableCell colSpan={4} sx={{ pt: 0 }}>
            <Box component="ul" sx={{ m: 0, pl: 3, color: 'error.main' }}>
              {r.errors.map((e, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's problems have no identity of their own
                <li key={i}>{importIssueText(e)}</li>
              ))}
            </Box>
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}
