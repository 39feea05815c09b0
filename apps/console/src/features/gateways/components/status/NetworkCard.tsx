import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { StatusList } from '../../../../components/StatusList';
import type { StatusOf } from '../../api';
import { dash, enumText, reported } from './format';
import { StatusCard } from './StatusCard';

/** Network type, addresses, LTE signal and latency; the interfaces as a table that scrolls sideways. */
export function NetworkCard({ network }: { network: StatusOf<'network'> | undefined }) {
  const { t } = useTranslation('gateways');
  const n = network;
  return (
    <StatusCard title={t('report.network')} reportedAt={n?.updatedAt} empty={!reported(n)} testId="gw-status-network">
      {n && (
        <>
          <StatusList
            items={[
              { label: t('report.networkType'), value: enumText(t, 'networkType', n.networkType) },
              { label: t('report.wanIP'), value: dash(n.wanIP), copyable: !!n.wanIP },
              { label: t('report.lanIP'), value: dash(n.lanIP), copyable: !!n.lanIP },
              { label: t('report.lteSignal'), value: typeof n.lteSignal === 'number' ? `${n.lteSignal} dBm` : '—' },
              { label: t('report.nwkDelay'), value: typeof n.nwkDelay === 'number' ? `${n.nwkDelay} ms` : '—' },
            ]}
          />
          {!!n.interfaces?.length && (
            <TableContainer sx={{ mt: 2, overflowX: 'auto' }}>
              <Table size="small" aria-label={t('status.interfaces')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('status.ifName')}</TableCell>
                    <TableCell>{t('status.ifMac')}</TableCell>
                    <TableCell>{t('status.ifAddresses')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {n.interfaces.map((i) => (
                    <TableRow key={i.name}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{i.name}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>{i.mac || '—'}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                        {i.addresses.length ? i.addresses.map((a) => <div key={a}>{a}</div>) : '—'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      )}
    </StatusCard>
  );
}
