import type { GwTypeRow } from '@lns/contract/gateway-types';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../../app/providers';
import { CardPanel } from '../../../components/CardPanel';
import { downloadJson } from '../../../components/ColorChoice';
import { DeleteDialog, failureReason } from '../../../components/DeleteDialog';
import { StatusList } from '../../../components/StatusList';
import { formatTime } from '../../../lib/format';
import { deleteGwType, gwKeys, useGatewayTypes } from '../api';
import { GwTypeDialog } from '../components/GwTypeDialog';

/** /platform/gateway-type (admin): one card per type with created/updated times and delete/update/download. */
export default function GatewayTypes() {
  const { t } = useTranslation('gateways');
  const q = useGatewayTypes();
  const [form, setForm] = useState<{ type?: GwTypeRow } | null>(null);
  const [toDelete, setToDelete] = useState<GwTypeRow[] | null>(null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('typeTitle')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})} data-testid="gwtype-add">
          {t('typeAdd')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 2 }}>
        {(q.data ?? []).map((x) => (
          <CardPanel
            key={x.gwTypeID}
            data-testid={`gwtype-card-${x.gwType}`}
            title={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: x.color }} />
                {x.gwType}
              </Box>
            }
            actions={['download', 'update', 'delete']}
            onDownload={() => downloadJson(`gwtype-${x.gwType}.json`, x)}
            onUpdate={() => setForm({ type: x })}
            onDelete={() => setToDelete([x])}
          >
            <StatusList
              labelWidth={110}
              items={[
                { label: t('arch'), value: x.arch },
                { label: t('supportGPS'), value: x.supportGPS ? t('common:yes') : t('common:no') },
                {
                  label: t('submodels'),
                  value: x.submodels.length ? (
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      {x.submodels.map((m) => (
                        <Chip
                          key={m.model}
                          size="small"
                          label={`${m.model}${m.lte ? ' · LTE' : ''}${m.wifi ? ' · Wi-Fi' : ''}`}
                        />
                      ))}
                    </Box>
                  ) : (
                    '—'
                  ),
                  copy: false,
                },
                { label: t('gatewayCount'), value: x.gateways },
                { label: t('createtime'), value: formatTime(x.createdAt) },
                { label: t('updatetime'), value: formatTime(x.updatedAt) },
              ]}
            />
          </CardPanel>
        ))}
      </Box>
      {form && <GwTypeDialog type={form.type} onClose={() => setForm(null)} />}
      <DeleteDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t('typeDelete')}
        items={toDelete ?? []}
        itemLabel={(x) => x.gwType}
        onDelete={async (items) => {
          const deleted: GwTypeRow[] = [];
          const failed: { item: GwTypeRow; reason: string }[] = [];
          for (const x of items) {
            try {
              await deleteGwType(x.gwTypeID);
              deleted.push(x);
            } catch (e) {
              failed.push({ item: x, reason: failureReason(e) });
            }
          }
          return { deleted, failed };
        }}
        onDone={() => void queryClient.invalidateQueries({ queryKey: gwKeys.types })}
      />
    </Box>
  );
}
