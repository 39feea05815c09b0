import { C } from '@lns/contract/codes';
import type { PfConfRow } from '@lns/contract/frequency-plans';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { refusalDetail } from '../../../lib/form/useFormSubmit';
import { ApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { signPfConf, usePushPfConf } from '../api';

/** Codes of a push said in this page's words (9004 with the agent's reason). */
const PUSH_REFUSALS = new Set<number>([
  C.PKTFWD_MISSING,
  C.PKTFWD_EXISTS,
  C.PKTFWD_ENTRY_FAILED,
  C.PKTFWD_UPDATE_FAILED,
]);

/** Why this gateway cannot be pushed to, whatever the server: the key under pf.why, or undefined. */
function reasonKey(row: PfConfRow): string | undefined {
  if (row.state === 'noConfig') return 'noConfig';
  if (!row.sha256) return 'notBuilt';
  return row.agent ? undefined : 'noAgent';
}

/**
 * A gateway's Push and Download. Push waits for the agent to restart the forwarder (the button
 * spins meanwhile); a gateway that runs the configuration already (9002) is asked about first.
 * `blocked`: why nothing can be pushed here (MQTT unavailable), shown as the button's tooltip.
 */
export function PfConfActions({ row, blocked }: { row: PfConfRow; blocked?: string }) {
  const { t } = useTranslation('frequencyPlans');
  const push = usePushPfConf();
  const [askForce, setAskForce] = useState(false);
  const name = row.gwName || row.gwID;
  const key = reasonKey(row);
  const why = blocked ?? (key && t(`pf.why.${key}`));

  const run = async (force: boolean) => {
    try {
      await push.mutateAsync({ gwID: row.gwID, force });
      toast.success(t('pf.pushed', { gateway: name }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.code === C.PKTFWD_EXISTS && !force) return setAskForce(true);
      const detail = refusalDetail(e);
      const context = detail ? 'detail' : undefined;
      toast.error(PUSH_REFUSALS.has(e.code) ? t(`pf.refusal.${e.code}`, { detail, context }) : e.message);
    }
  };

  const download = async () => {
    const signed = await signPfConf(row.gwID);
    window.open(signed.url, '_blank', 'noopener');
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, whiteSpace: 'nowrap' }}>
      <Tooltip title={why ?? t('pf.pushHint')}>
        {/* A disabled button gets no pointer events: the span keeps its tooltip. */}
        <span>
          <Button
            size="small"
            variant="outlined"
            disabled={Boolean(why)}
            loading={push.isPending || row.state === 'applying'}
            onClick={() => void run(false)}
            aria-label={`${t('pf.push')} ${name}`}
            data-testid={`pf-push-${row.gwID}`}
          >
            {t('pf.push')}
          </Button>
        </span>
      </Tooltip>
      <Tooltip title={t('pf.download')}>
        <span>
          <IconButton
            size="small"
            disabled={!row.sha256}
            // A refused signing was told by the HTTP client already.
            onClick={() => void download().catch(() => {})}
            aria-label={`${t('pf.download')} ${name}`}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={askForce}
        title={t('pf.forceTitle')}
        message={t('pf.forceMessage', { gateway: name })}
        confirmText={t('pf.forceConfirm')}
        color="warning"
        onConfirm={() => run(true)}
        onClose={() => setAskForce(false)}
      />
    </Box>
  );
}
