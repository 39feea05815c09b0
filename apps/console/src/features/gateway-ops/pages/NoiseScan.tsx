import type { ScanRecord } from '@lns/contract/gateway-commands';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { useChosenGateway } from '../../../lib/chosenGateway';
import { opsKeys, startScan, useLatestScan, useScanRecord, useScanStatus } from '../api';
import { type OpError, opError } from '../commandError';
import { GatewayBar } from '../components/GatewayBar';
import { OpErrorAlert } from '../components/OpErrorAlert';
import { ScanForm } from '../components/ScanForm';
import { ScanHistory } from '../components/ScanHistory';
import { ScanProgress } from '../components/ScanProgress';
import { ScanSummary } from '../components/ScanSummary';
import { defaultScanForm } from '../scanDefaults';
import { scanCheck } from '../scanForm';

// ECharts loads with the first scan drawn.
const ScanChart = lazy(() => import('../components/ScanChart'));

/**
 * /gateway/noise-scan?gwID: the gateway measures the RSSI across a band (docs/protocols/
 * gateway-agent.md, frequencyScan); progress is polled while it runs, then the latest scan is
 * drawn. Past scans are listed below; a click draws that one instead. Any user, own gateways.
 */
export default function NoiseScan() {
  const { t } = useTranslation('gatewayOps');
  const qc = useQueryClient();
  const gw = useChosenGateway();
  const { gwID } = gw;
  const [form, setForm] = useState(() => defaultScanForm(undefined));
  const [showErrors, setShowErrors] = useState(false);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<OpError | null>(null);
  const [picked, setPicked] = useState(0);
  const status = useScanStatus(gwID);
  const latest = useLatestScan(gwID);
  const pickedScan = useScanRecord(picked);
  const scanning = status.data?.scanning ?? false;
  const check = scanCheck(form, gwID);

  // Each gateway starts from its region's band (set while rendering: no frame with the old one).
  const region = gw.info?.region;
  const [formOf, setFormOf] = useState('');
  if (formOf !== `${gwID}/${region}`) {
    setFormOf(`${gwID}/${region}`);
    setForm(defaultScanForm(region));
    setShowErrors(false);
    setStartError(null);
    setPicked(0);
  }

  // A scan that ends brings the latest record and the list up to date.
  const wasScanning = useRef(false);
  useEffect(() => {
    if (wasScanning.current && !scanning) {
      void qc.invalidateQueries({ queryKey: opsKeys.scanLatest(gwID) });
      void qc.invalidateQueries({ queryKey: [...opsKeys.scan(gwID), 'list'] });
    }
    wasScanning.current = scanning;
  }, [scanning, gwID, qc]);

  const start = async () => {
    setShowErrors(true);
    if (!check.range || !gwID) return;
    setStarting(true);
    setStartError(null);
    try {
      const running = await startScan(gwID, check.range);
      qc.setQueryData(opsKeys.scanStatus(gwID), { scanning: true, latest: running });
      setPicked(0);
      void qc.invalidateQueries({ queryKey: [...opsKeys.scan(gwID), 'list'] });
    } catch (e) {
      setStartError(opError(e));
    } finally {
      setStarting(false);
    }
  };

  const shown: ScanRecord | null | undefined = picked ? pickedScan.data : latest.data;
  const online = gw.info?.online ?? false;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="h6">{t('scan.title')}</Typography>
      <GatewayBar gw={gw} />
      {!gwID && <Alert severity="info">{t('picker.first')}</Alert>}
      {gw.info && !online && (
        <Alert severity="warning" data-testid="scan-offline">
          {t('scan.offline')}
        </Alert>
      )}
      <CardPanel title={t('scan.newScan')} data-testid="scan-card">
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('scan.hint')}
          </Typography>
          <ScanForm
            values={form}
            onChange={setForm}
            check={check}
            showErrors={showErrors}
            disabled={!gw.info || !online || scanning}
            starting={starting}
            onStart={() => void start()}
          />
          {startError && <OpErrorAlert error={startError} testId="scan-error" />}
          {scanning && status.data?.latest && <ScanProgress scan={status.data.latest} />}
        </Box>
      </CardPanel>
      {gwID && (
        <CardPanel title={t('scan.result')} data-testid="scan-result">
          {shown ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
              <ScanSummary scan={shown} />
              {shown.points && shown.points.length > 0 && (
                <Suspense fallback={<CircularProgress size={24} />}>
                  <ScanChart points={shown.points} />
                </Suspense>
              )}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {latest.isFetching || pickedScan.isFetching ? t('common:loading') : t('scan.none')}
            </Typography>
          )}
        </CardPanel>
      )}
      {gwID && (
        <>
          <Typography variant="subtitle1" fontWeight={600}>
            {t('scan.history')}
          </Typography>
          <ScanHistory gwID={gwID} chosen={shown?.id ?? 0} onPick={(s) => setPicked(s.id)} />
        </>
      )}
    </Box>
  );
}
