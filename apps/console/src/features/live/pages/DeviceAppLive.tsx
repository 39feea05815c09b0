import type { AppMessage } from '@lns/contract/frames';
import { normalizeHex } from '@lns/contract/hex';
import { STREAMS, type StreamMessage } from '@lns/contract/streams';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appColumns } from '../../../components/frames/columns';
import { frameDetail } from '../../../components/frames/detail';
import { LiveTable } from '../components/LiveTable';

const accept = (m: StreamMessage) => (m.kind === 'app' ? m.data : undefined);

/** /application/device/data/app-layer: a device's application-layer messages. */
export default function DeviceAppLive() {
  const { t } = useTranslation('live');
  const [params] = useSearchParams();
  const devEUI = normalizeHex(params.get('devEUI') ?? '');
  const columns = useMemo(() => appColumns(t), [t]);
  const query = useMemo(() => (devEUI ? { devEUI } : null), [devEUI]);
  return (
    <LiveTable<AppMessage>
      title={t('title.app')}
      path={STREAMS.deviceApp}
      query={query}
      accept={accept}
      columns={columns}
      loadDetail={(m) => frameDetail.app(devEUI, m)}
    />
  );
}
