import { FUOTA_SESSION_STATE, FUOTA_SESSION_STATES } from '@lns/contract/fuota';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';

export type StepState = 'complete' | 'active' | 'pending' | 'error';

/**
 * Each of the 7 session states for a task in `state`: the ones behind it complete, its own active,
 * the rest pending; a finished task has all complete, its last one failed when it ended abnormally.
 */
export function stepStates(state: number, failed: boolean): StepState[] {
  return FUOTA_SESSION_STATES.map((s) => {
    if (state >= FUOTA_SESSION_STATE.DONE) return s === FUOTA_SESSION_STATE.DONE && failed ? 'error' : 'complete';
    if (s < state) return 'complete';
    return s === state ? 'active' : 'pending';
  });
}

/** The session's steps (docs/protocols/fuota.md): across on wide screens, down on narrow ones. */
export function SessionStepper({ state, failed }: { state: number; failed: boolean }) {
  const { t } = useTranslation('fuota');
  const narrow = useMediaQuery('(max-width:899.98px)');
  const states = stepStates(state, failed);
  const activeStep = state >= FUOTA_SESSION_STATE.DONE ? FUOTA_SESSION_STATES.length : state;
  return (
    <Stepper
      activeStep={activeStep}
      orientation={narrow ? 'vertical' : 'horizontal'}
      alternativeLabel={!narrow}
      data-testid="fuota-stepper"
    >
      {FUOTA_SESSION_STATES.map((s, i) => (
        <Step key={s} completed={states[i] === 'complete'} data-testid={`step-${s}`} data-state={states[i]}>
          <StepLabel
            // The state's own number (0–6), as the protocol page and the API name it.
            icon={String(s)}
            error={states[i] === 'error'}
            optional={
              <Typography variant="caption" color="text.secondary">
                {t(`sessionStep.${s}`)}
              </Typography>
            }
          >
            {t(`sessionState.${s}`)}
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
