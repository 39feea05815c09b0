import type { RegionSummary } from '@lns/contract/regions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/AppDialog';
import { CardPanel } from '../../../components/CardPanel';
import { ColorChoice, downloadJson } from '../../../components/ColorChoice';
import { StatusList } from '../../../components/StatusList';
import { useRegions } from '../../../lib/catalog';
import { formatTime } from '../../../lib/format';
import { planName } from '../../../lib/planNames';
import { toast } from '../../../lib/toast';
import { fetchRegionDetail, useUpdateRegionColor } from '../api';

/** Regions of the LoRaWAN catalogue with their subnets; admins change colours and download a plan. */
export function RegionPlans() {
  const { t } = useTranslation('frequencyPlans');
  const q = useRegions();
  const [editing, setEditing] = useState<RegionSummary | null>(null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h6">{t('regions.regionTitle')}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 2 }}>
        {(q.data ?? []).map((r) => (
          <CardPanel
            key={r.region}
            data-testid={`region-card-${r.region}`}
            title={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: r.color }} />
                {r.region.toUpperCase()}
              </Box>
            }
            actions={['download', 'update']}
            onDownload={async () => downloadJson(`region-${r.region}.json`, await fetchRegionDetail(r.region))}
            onUpdate={() => setEditing(r)}
          >
            <StatusList
              labelWidth={110}
              items={[
                { label: t('regions.regionName'), value: planName(r.name) },
                { label: t('regions.plan'), value: t(`regions.planKind.${r.plan}`) },
                {
                  label: t('regions.subnets'),
                  value: (
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      {r.subnets.map((s) => (
                        <Chip
                          key={s.subnet}
                          size="small"
                          label={`${s.subnet} (${s.channels})`}
                          title={planName(s.name)}
                        />
                      ))}
                    </Box>
                  ),
                  copy: false,
                },
                { label: t('field.createdAt'), value: formatTime(r.createdAt) },
                { label: t('field.updatedAt'), value: formatTime(r.updatedAt) },
              ]}
            />
          </CardPanel>
        ))}
      </Box>
      {editing && <ColorDialog region={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

function ColorDialog({ region, onClose }: { region: RegionSummary; onClose: () => void }) {
  const { t } = useTranslation('frequencyPlans');
  const [color, setColor] = useState(region.color);
  const save = useUpdateRegionColor();
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('regions.regionColor', { region: region.region.toUpperCase() })}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button
            variant="contained"
            loading={save.isPending}
            data-testid="region-color-save"
            onClick={async () => {
              await save.mutateAsync({ region: region.region, color });
              toast.success(t('common:saved'));
              onClose();
            }}
          >
            {t('common:save')}
          </Button>
        </>
      }
    >
      <Box sx={{ pt: 1 }}>
        <ColorChoice value={color} onChange={setColor} />
      </Box>
    </AppDialog>
  );
}
