import type { FuotaTaskRow } from '@lns/contract/fuota';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toast } from '../../../lib/toast';
import { abortTask, fuotaKeys } from '../api';

/** Asks before aborting a running task (no more fragments; the devices delete the session). */
export function AbortDialog({ task, onClose }: { task: FuotaTaskRow | null; onClose: () => void }) {
  const { t } = useTranslation('fuota');
  const qc = useQueryClient();
  return (
    <ConfirmDialog
      open={task !== null}
      title={t('abortTitle')}
      message={t('abortConfirm', { name: task?.firmwareName ?? '' })}
      confirmText={t('abort')}
      color="warning"
      onConfirm={async () => {
        if (!task) return;
        await abortTask(task.fdID);
        toast.success(t('aborting'));
        await qc.invalidateQueries({ queryKey: fuotaKeys.all });
      }}
      onClose={onClose}
    />
  );
}
