import CheckIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import ActiveIcon from '@mui/icons-material/RadioButtonChecked';
import PendingIcon from '@mui/icons-material/RadioButtonUnchecked';
import SkippedIcon from '@mui/icons-material/RemoveCircleOutline';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type StepState, UPGRADE_STEPS, type UpgradeStep, upgradeSteps } from '../steps';

const ICON: Record<StepState, ReactElement> = {
  complete: <CheckIcon fontSize="inherit" color="success" />,
  active: <ActiveIcon fontSize="inherit" color="primary" />,
  pending: <PendingIcon fontSize="inherit" color="disabled" />,
  error: <ErrorIcon fontSize="inherit" color="error" />,
  skipped: <SkippedIcon fontSize="inherit" color="disabled" />,
};

/** The step a row names beside its dots: the active or failed one, else the last complete one. */
function shownStep(states: StepState[]): { step: UpgradeStep; state: StepState } {
  let i = states.findIndex((s) => s === 'active' || s === 'error');
  if (i < 0) i = Math.max(0, states.lastIndexOf('complete'));
  return { step: UPGRADE_STEPS[i]!, state: states[i]! };
}

/**
 * A record's upgrade steps (waiting → downloading → installing → restarting → running →
 * completed) as a row of small marks, complete, active or pending; a click opens them with
 * their names in an overlay.
 */
export function UpgradeSteps({ record, testId }: { record: Parameters<typeof upgradeSteps>[0]; testId?: string }) {
  const { t } = useTranslation('upgrades');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const states = upgradeSteps(record);
  const now = shownStep(states);
  const words = (i: number) => t('stepOf', { step: t(`step.${UPGRADE_STEPS[i]}`), state: t(`stepState.${states[i]}`) });
  return (
    <>
      <ButtonBase
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
        aria-label={`${t('field.steps')}: ${words(UPGRADE_STEPS.indexOf(now.step))}`}
        data-testid={testId}
        data-step={now.step}
        data-state={now.state}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, borderRadius: 1, px: 0.5, py: 0.25 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', fontSize: 16 }}>
          {states.map((s, i) => (
            <Box key={UPGRADE_STEPS[i]} sx={{ display: 'flex', alignItems: 'center' }} data-state={s}>
              {i > 0 && <Box sx={{ width: 6, height: 2, bgcolor: s === 'pending' ? 'divider' : 'success.light' }} />}
              {ICON[s]}
            </Box>
          ))}
        </Box>
        <Typography variant="caption" sx={{ whiteSpace: 'nowrap' }} color={now.state === 'error' ? 'error' : undefined}>
          {t(`step.${now.step}`)}
        </Typography>
      </ButtonBase>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Stepper orientation="vertical" sx={{ p: 2, minWidth: 200 }} data-testid={testId && `${testId}-overlay`}>
          {UPGRADE_STEPS.map((s, i) => (
            <Step
              key={s}
              active={states[i] === 'active' || states[i] === 'error'}
              completed={states[i] === 'complete'}
              data-state={states[i]}
            >
              <StepLabel
                error={states[i] === 'error'}
                slots={{ stepIcon: () => <Box sx={{ display: 'flex', fontSize: 22 }}>{ICON[states[i]!]}</Box> }}
                optional={
                  <Typography variant="caption" color="text.secondary">
                    {t(`stepState.${states[i]}`)}
                  </Typography>
                }
              >
                {t(`step.${s}`)}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
      </Popover>
    </>
  );
}
