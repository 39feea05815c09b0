import { AUTH_TYPES, type AuthType } from '@lns/contract/devices';
import { columnLabel, type ImportReport } from '@lns/contract/imports';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CardPanel } from '../../../components/CardPanel';
import { ImportFileProblem, ImportWizard } from '../../../components/ImportWizard';
import { currentLocale } from '../../../lib/i18n';
import { batchCreate, batchRefusal, devKeys, useLinkedApp } from '../api';
import { AppMissing } from '../components/AppMissing';
import { downloadTemplate, type ParsedSheet, type ParseProblem, parseImport, toSheetRows } from '../importFile';

/** /application/device/batch: bulk import from .xlsx/.xls, read in the browser, checked by the server, all rows or none. */
export default function DeviceBatch() {
  const { t } = useTranslation(['devices', 'common']);
  const [params] = useSearchParams();
  // Checked even when the link names it: an import into an application that is gone would only fail at the check.
  const { appID, appName, gone } = useLinkedApp(params, true);
  const qc = useQueryClient();
  const [authType, setAuthType] = useState<AuthType>('otaa');
  // The rows of the checked file, sent again unchanged by Import.
  const parsed = useRef<{ file: File; sheet: ParsedSheet } | null>(null);

  const problemText = (p: ParseProblem) =>
    p.kind === 'columns'
      ? t('common:import.columns', { columns: p.missing.map((c) => columnLabel(c.key, currentLocale())).join(', ') })
      : t(`common:import.${p.kind}`);

  const sheetOf = async (file: File) => {
    if (parsed.current?.file === file) return parsed.current.sheet;
    try {
      const sheet = await parseImport(file, authType);
      parsed.current = { file, sheet };
      return sheet;
    } catch (e) {
      throw new ImportFileProblem(problemText(e as ParseProblem));
    }
  };
  const run = async (file: File, dryRun: boolean): Promise<ImportReport> => {
    const sheet = await sheetOf(file);
    return toSheetRows(await batchCreate({ appID, authType, devices: sheet.devices, dryRun }), sheet.sheetRows);
  };
  const refusal = (e: unknown) => {
    const r = batchRefusal(e);
    return r && parsed.current ? toSheetRows(r, parsed.current.sheet.sheetRows) : undefined;
  };

  if (appID === 0 || gone) return <AppMissing appID={appID} />;
  return (
    <CardPanel title={t('import.title', { app: appName })}>
      <ImportWizard
        resetKey={authType}
        onTemplate={() => downloadTemplate(authType, currentLocale())}
        check={(f) => run(f, true)}
        commit={(f) => run(f, false)}
        refusal={refusal}
        onImported={() => {
          void qc.invalidateQueries({ queryKey: devKeys.all });
          void qc.invalidateQueries({ queryKey: ['applications'] });
        }}
        idLabel={t('field.devEUI')}
        nameLabel={t('field.devName')}
        help={
          <Typography variant="body2" color="text.secondary">
            {t('import.tagsHelp')}
          </Typography>
        }
      >
        <RadioGroup
          row
          value={authType}
          onChange={(e) => {
            parsed.current = null;
            setAuthType(e.target.value as AuthType);
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
      </ImportWizard>
    </CardPanel>
  );
}
