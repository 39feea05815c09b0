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
import { useRegenerateToken, useUserDetail } from '../api';

/** User ID, name, role badge, API token, MQTT URL/name/password, creation time — each copyable. */
export function UserDetailCard({ userID }: { userID: number }) {
  const { t } = useTranslation('users');
  const q = useUserDetail(userID);
  const regen = useRegenerateToken();
  const [confirm, setConfirm] = useState(false);
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
      <Button
        sx={{ mt: 2 }}
        startIcon={<AutorenewIcon />}
        onClick={() => setConfirm(true)}
        data-testid="regenerate-token"
      >
        {t('regenerate')}
      </Button>
      <ConfirmDialog
        open={confirm}
        onClose={() => setConfirm(false)}
        color="warning"
        message={t('regenerateConfirm')}
        onConfirm={async () => {
          await regen.mutateAsync(userID);
          toast.success(t('regenerated'));
        }}
      />
    </Box>
  );
}
