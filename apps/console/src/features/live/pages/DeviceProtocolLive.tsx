import type { ProtocolFrame } from '@lns/contract/frames';
import { normalizeHex } from '@lns/contract/hex';
import { STREAMS, type StreamMessage } from '@lns/contract/streams';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { protocolColumns } from '../../../components/frames/columns';
import { frameDetail } from '../../../components/frames/detail';
import { LiveTable } from '../components/LiveTable';

const accept = (m: StreamMessage) => (m.kind === 'protocol' ? m.data : undefined);

/** /application/device/data/protocol-layer: a device's protocol-layer frames, up and down. */
export default function DeviceProtocolLive() {
  const { t } = useTranslation('live');
  const [params] = useSearchParams();
  const devEUI = normalizeHex(params.get('devEUI') ?? '');
  const columns = useMemo(() => protocolColumns(t), [t]);
  const query = useMemo(() => (devEUI ? { devEUI } : null), [devEUI]);
  return (
    <LiveTable<ProtocolFrame>
      title={t('title.protocol')}
      path={STREAMS.deviceProtocol}
      query={query}
      accept={accept}
      columns={columns}
      loadDetail={(f) => frameDetail.protocol(devEUI, f)}
    />
  );
}
