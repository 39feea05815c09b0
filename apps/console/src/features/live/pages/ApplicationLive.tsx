import type { AppMessage } from '@lns/contract/frames';
import { STREAMS, type StreamMessage } from '@lns/contract/streams';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appColumns } from '../../../components/frames/columns';
import { frameDetail } from '../../../components/frames/detail';
import { LiveTable } from '../components/LiveTable';

const accept = (m: StreamMessage) => (m.kind === 'app' ? m.data : undefined);

/** /application/live: application-layer messages of every device of an application (ChirpStack has no such stream). */
export default function ApplicationLive() {
  const { t } = useTranslation('live');
  const [params] = useSearchParams();
  const appID = Number(params.get('appID'));
  const columns = useMemo(() => appColumns(t, true), [t]);
  const query = useMemo(() => (appID > 0 ? { appID } : null), [appID]);
  return (
    <LiveTable<AppMessage>
      title={t('title.application')}
      path={STREAMS.application}
      query={query}
      accept={accept}
      columns={columns}
      loadDetail={(m) => frameDetail.app(m.devEUI, m)}
    />
  );
}
