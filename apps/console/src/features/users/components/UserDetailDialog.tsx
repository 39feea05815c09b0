import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { UserDetailCard } from './UserDetailCard';

/** The header's "my details" (a common user may read its own /api/user/status). */
export default function UserDetailDialog({
  open,
  userID,
  onClose,
}: {
  open: boolean;
  userID: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  return (
    <AppDialog open={open} onClose={onClose} title={t('details')}>
      <UserDetailCard userID={userID} />
    </AppDialog>
  );
}
