import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GlobalConfs } from '../components/GlobalConfs';
import { PfConfs } from '../components/PfConfs';
import { RegionPlans } from '../components/RegionPlans';
import { TxLuts } from '../components/TxLuts';

const TABS = {
  regions: RegionPlans,
  globalConfs: GlobalConfs,
  txLuts: TxLuts,
  pfConfs: PfConfs,
} as const;
type TabKey = keyof typeof TABS;
const isTab = (s: string | null): s is TabKey => s !== null && s in TABS;

/**
 * /platform/frequency-plan: the region catalogue, then what gateways are configured from it (global
 * configurations, tx lookup tables) and where each gateway stands. The tab is in the address
 * (`?tab=`), so a reload or a shared link opens the same one.
 */
export default function FrequencyPlans() {
  const { t } = useTranslation('frequencyPlans');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: TabKey = isTab(asked) ? asked : 'regions';
  const Section = TABS[tab];
  // Four full labels do not fit a phone: short ones do, so no tab hides behind a scroll arrow.
  const narrow = useMediaQuery('(max-width:599.98px)');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_e, next: TabKey) => setParams(next === 'regions' ? {} : { tab: next }, { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {(Object.keys(TABS) as TabKey[]).map((key) => (
          <Tab
            key={key}
            value={key}
            label={t(narrow ? `tabsShort.${key}` : `tabs.${key}`)}
            data-testid={`fp-tab-${key}`}
            sx={narrow ? { px: 1, textTransform: 'none' } : undefined}
          />
        ))}
      </Tabs>
      <Section />
    </Box>
  );
}
