import type { GatewayFrame } from '@lns/contract/frames';
import { normalizeHex } from '@lns/contract/hex';
import { STREAMS, type StreamMessage } from '@lns/contract/streams';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { gatewayColumns } from '../../../components/frames/columns';
import { frameDetail } from '../../../components/frames/detail';
import { LiveTable } from '../components/LiveTable';

const accept = (m: StreamMessage) => (m.kind === 'gateway' ? m.data : undefined);

/** /gateway/real-time: frames a gateway heard or sent. */
export default function GatewayLive() {
  const { t } = useTranslation('live');
  const [params] = useSearchParams();
  const gwID = normalizeHex(params.get('gwID') ?? '');
  const columns = useMemo(() => gatewayColumns(t), [t]);
  const query = useMemo(() => (gwID ? { gwID } : null), [gwID]);
  return (
    <LiveTable<GatewayFrame>
      title={t('title.gateway')}
      path={STREAMS.gateway}
      query={query}
      accept={accept}
      columns={columns}
      loadDetail={(f) => frameDetail.gateway(gwID, f)}
    />
  );
}
