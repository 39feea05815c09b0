import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { StatusList } from '../../../../components/StatusList';
import type { StatusOf } from '../../api';
import { dash, reported } from './format';

import { StatusCard } from './StatusCard';

const INFO = [
  'model',
  'firmwareVersion',
  'hardwareVersion',
  'kernelVersion',
  'bridgeVersion',
  'pktfwdVersion',
  'sdkVersion',
  'arch',
  'hostname',
] as const;
const FEATURES = ['supportGPS', 'lte', 'wifi'] as const;

/** Model and versions as reported, the hardware features, and every package version the agent listed. */
export function VersionsCard({ versions }: { versions: StatusOf<'versions'> | undefined }) {
  const { t } = useTranslation('gateways');
  const v = versions;
  const info = v?.info ?? {};
  const features = FEATURES.filter((k) => info[k] !== undefined);
  return (
    <StatusCard
      title={t('report.versions')}
      reportedAt={v?.updatedAt}
      empty={!reported(info) && !v?.versions.length}
      testId="gw-status-versions"
    >
      <StatusList items={INFO.map((k) => ({ label: t(`report.${k}`), value: dash(info[k]) }))} />
      {features.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          {features.map((k) => (
            <Chip
              key={k}
              size="small"
              variant={info[k] ? 'filled' : 'outlined'}
              color={info[k] ? 'primary' : 'default'}
              label={`${t(`status.feature.${k}`)}: ${info[k] ? t('common:yes') : t('common:no')}`}
            />
          ))}
        </Box>
      )}
      {!!v?.versions.length && (
        <TableContainer sx={{ mt: 2, overflowX: 'auto' }}>
          <Table size="small" aria-label={t('status.packages')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('status.package')}</TableCell>
                <TableCell>{t('status.version')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {v.versions.map((p) => (
                <TableRow key={p.name}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{p.version}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </StatusCard>
  );
}
