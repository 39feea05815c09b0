import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UserDetailCard } from '../components/UserDetailCard';

/** /user/detail?userID= */
export default function UserDetailPage() {
  const { t } = useTranslation('users');
  const [params] = useSearchParams();
  const userID = Number(params.get('userID') ?? 0);
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 760 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {t('details')}
      </Typography>
      <UserDetailCard userID={userID} />
    </Paper>
  );
}
