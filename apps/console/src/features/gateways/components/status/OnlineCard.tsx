import { useTranslation } from 'react-i18next';
import { OnlineBadge } from '../../../../components/OnlineBadge';
import { StatusList } from '../../../../components/StatusList';
import { formatTime } from '../../../../lib/format';
import type { StatusOf } from '../../api';
import { LinkChip } from './LinkChip';
import { StatusCard } from './StatusCard';

/** Online state and link (what the server itself knows), last seen, and since when. */
export function OnlineCard({ online }: { online: StatusOf<'online'> | undefined }) {
  const { t } = useTranslation('gateways');
  const o = online;
  return (
    <StatusCard
      title={t('status.online')}
      caption={o?.lastSeen ? t('status.lastSeenAt', { time: formatTime(o.lastSeen) }) : t('status.neverSeen')}
      empty={!o}
      testId="gw-status-online"
    >
      {o && (
        <StatusList
          items={[
            { label: t('online'), value: <OnlineBadge online={o.online} />, copy: false },
            { label: t('link'), value: <LinkChip link={o.link} testId="gw-online-link" />, copy: false },
            { label: t('lastSeen'), value: o.lastSeen ? formatTime(o.lastSeen) : '—' },
            {
              label: o.online ? t('status.onlineSince') : t('status.offlineSince'),
              value: o.since ? formatTime(o.since) : '—',
            },
          ]}
        />
      )}
    </StatusCard>
  );
}
