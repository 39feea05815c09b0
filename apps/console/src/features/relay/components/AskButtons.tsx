import type { RELAY_QUERIES } from '@lns/contract/relay-api';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useAskDevice, useRequests, waiting } from '../api';
import { RequestStateChip } from '../labels';

type Query = (typeof RELAY_QUERIES)[number];

/**
 * "Ask the device" (event query): one button per question, each with the state of the latest
 * request of its kind (the request history is followed while one waits), so the answer's arrival
 * shows here without a reload.
 */
export function AskButtons({ devEUI, queries }: { devEUI: string; queries: readonly Query[] }) {
  const { t } = useTranslation('relay');
  const ask = useAskDevice();
  const requests = useRequests(
    devEUI ? { devEUI, pageNo: 1, pageSize: 50, orderBy: 'createtime', orderType: 'desc' } : null,
  );
  const rows = requests.data?.rows ?? [];
  const latest = (q: Query) => rows.find((r) => r.kind === q);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="ask-buttons">
      {queries.map((q) => {
        const r = latest(q);
        return (
          <Box key={q} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="outlined"
              sx={{ minWidth: 150 }}
              disabled={!devEUI || waiting(r?.state) || (ask.isPending && ask.variables?.query === q)}
              onClick={() => ask.mutate({ devEUI, query: q }, { onSuccess: () => toast.success(t('asked')) })}
              data-testid={`ask-${q}`}
            >
              {t(`ask.${q}`)}
            </Button>
            {r && (
              <>
                <RequestStateChip state={r.state} result={r.result} />
                <Typography variant="caption" color="text.secondary">
                  {formatTime(r.updatetime)}
                </Typography>
              </>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
