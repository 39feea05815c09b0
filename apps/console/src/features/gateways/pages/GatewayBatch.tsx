import { gatewayApi } from '@lns/contract/api/gateways';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardPanel } from '../../../components/CardPanel';
import { ImportWizard } from '../../../components/ImportWizard';
import { api, refusalOf } from '../../../lib/api';
import { gwKeys } from '../api';

const form = (file: File) => {
  const f = new FormData();
  f.append('file', file);
  return f;
};

/** /gateway/batch: Excel import checked by the server first, then written all rows or none. */
export default function GatewayBatch() {
  const { t } = useTranslation('gateways');
  const qc = useQueryClient();
  const upload = async (e: typeof gatewayApi.import | typeof gatewayApi.importCheck, file: File) =>
    (await api.upload(e, form(file), { silent: true })).data!;

  return (
    <CardPanel title={t('importTitle')}>
      <ImportWizard
        // A failure was told by its toast; nothing else to do here.
        onTemplate={() => api.download(gatewayApi.template, undefined, 'gateway-template.xlsx').catch(() => undefined)}
        check={(f) => upload(gatewayApi.importCheck, f)}
        commit={(f) => upload(gatewayApi.import, f)}
        refusal={(e) => refusalOf(gatewayApi.import, e)}
        onImported={() => void qc.invalidateQueries({ queryKey: gwKeys.all })}
        idLabel={t('gwID')}
        nameLabel={t('gwName')}
        help={
          <Typography variant="body2" color="text.secondary">
            {t('importHelp')}
          </Typography>
        }
      />
    </CardPanel>
  );
}
