import AutorenewIcon from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useRegenerateMqttPassword, useRegenerateToken, useUserDetail } from '../api';

/** User ID, name, role badge, API token, MQTT URL/name/password, creation time — each copyable. */
export function UserDetailCard({ userID }: { userID: number }) {
  const { t } = useTranslation('users');
  const q = useUserDetail(userID);
  const regen = useRegenerateToken();
  const regenMqtt = useRegenerateMqttPassword();
  /** Which credential the open confirmation replaces. */
  const [confirm, setConfirm] = useState<'token' | 'mqtt' | null>(null);
  const u = q.data;
  if (!u) return q.isPending ? <Skeleton variant="rounded" height={260} /> : null;
  return (
    <Box data-testid="user-detail">
      <StatusList
        copyAll
        items={[
          { label: t('id'), value: u.userID },
          { label: t('name'), value: u.name },
          {
            label: t('permission'),
            value: (
              <Chip size="small" color={u.admin ? 'primary' : 'default'} label={u.admin ? t('admin') : t('common')} />
            ),
            copy: u.admin ? t('admin') : t('common'),
          },
          { label: t('apiToken'), value: <code data-testid="api-token">{u.apiToken}</code>, copy: u.apiToken },
          { label: t('mqURL'), value: u.mqURL },
          { label: t('mqUsername'), value: u.mqUsername },
          { label: t('mqPassword'), value: <code>{u.mqPassword}</code>, copy: u.mqPassword },
          { label: t('createtime'), value: formatTime(u.createtime) },
        ]}
      />
      <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<AutorenewIcon />} onClick={() => setConfirm('token')} data-testid="regenerate-token">
          {t('regenerate')}
        </Button>
        <Button startIcon={<AutorenewIcon />} onClick={() => setConfirm('mqtt')} data-testid="regenerate-mqtt">
          {t('regenerateMqtt')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        color="warning"
        message={confirm === 'mqtt' ? t('regenerateMqttConfirm') : t('regenerateConfirm')}
        onConfirm={async () => {
          if (confirm === 'mqtt') {
            await regenMqtt.mutateAsync(userID);
            toast.success(t('regeneratedMqtt'));
          } else {
            await regen.mutateAsync(userID);
            toast.success(t('regenerated'));
          }
        }}
      />
    </Box>
  );
}
