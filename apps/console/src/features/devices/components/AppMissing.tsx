import { useTranslation } from 'react-i18next';
import { GoneNotice } from '../../../components/GoneNotice';

/** A device page whose link names no valid application (appID 0) or one that is gone. */
export function AppMissing({ appID }: { appID: number }) {
  const { t } = useTranslation('devices');
  const invalid = appID === 0;
  return (
    <GoneNotice
      testId={invalid ? 'dev-app-invalid' : 'dev-app-missing'}
      message={invalid ? t('appInvalid') : t('appMissing', { appID })}
      back={t('appMissingBack')}
      to="/application/list"
    />
  );
}
