import type { UpgradeKind, UpgradeVersion } from '@lns/contract/upgrades';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { Column } from '../../../components/ListTable';
import { formatBytes, formatTime } from '../../../lib/format';
import { hasArch } from '../kinds';

/** A versions page's columns: name, file and size, arch or restart after install, created. */
export function versionColumns(t: TFunction, kind: UpgradeKind): Column<UpgradeVersion>[] {
  return [
    { key: 'versionName', label: t('upgrades:field.name') },
    {
      key: 'file',
      label: t('upgrades:field.fileName'),
      priority: 'secondary',
      render: (v) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Tooltip title={`${t('upgrades:field.digest')} ${v.digest}`}>
            <Box component="span" sx={{ wordBreak: 'break-all' }}>
              {v.fileName}
            </Box>
          </Tooltip>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {formatBytes(v.size)}
          </Typography>
        </Box>
      ),
    },
    hasArch(kind)
      ? { key: 'arch', label: t('upgrades:field.arch'), nowrap: true, render: (v) => v.arch ?? '—' }
      : {
          key: 'restartAfterInstall',
          label: t('upgrades:field.restartAfterInstall'),
          render: (v) => (
            <Chip
              size="small"
              variant="outlined"
              color={v.restartAfterInstall ? 'warning' : 'default'}
              label={t(v.restartAfterInstall ? 'upgrades:restart.yes' : 'upgrades:restart.no')}
            />
          ),
        },
    {
      key: 'createdAt',
      label: t('upgrades:field.createdAt'),
      nowrap: true,
      priority: 'secondary',
      render: (v) => formatTime(v.createdAt),
    },
  ];
}
