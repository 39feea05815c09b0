import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/**
 * A page whose link names nothing valid, or something that is gone: says so, with the way back,
 * instead of an empty page whose buttons would only fail.
 */
export function GoneNotice(p: { testId: string; message: string; back: string; to: string }) {
  return (
    <Alert
      severity="warning"
      data-testid={p.testId}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={p.to}>
          {p.back}
        </Button>
      }
    >
      {p.message}
    </Alert>
  );
}
