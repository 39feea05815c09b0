import { C } from '@lns/contract/codes';
import { NAME_MAX } from '@lns/contract/limits';
import { type SwitchTask, switchTaskBody, switchTaskUpdateBody } from '@lns/contract/subnet-switch';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useRegions } from '../../../lib/catalog';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { planName } from '../../../lib/planNames';
import { useSaveTask } from '../api';
import { type CutoverForm, createBody, formOf, updateBody } from '../taskForm';

const REFUSALS: RefusalTable<CutoverForm> = {
  [C.SWITCH_TASK_EXISTS]: { field: 'taskName', message: 'subnetCutover:refusal.nameExists' },
  [C.SWITCH_INTERVAL_TOO_LONG]: { field: 'interval', message: 'subnetCutover:refusal.intervalTooLong' },
  [C.SUBNET_MISSING]: { field: 'currentChannelPlan', message: 'subnetCutover:refusal.subnetMissing' },
  [C.SUBNET_UNSUPPORTED]: { field: 'nextChannelPlan', message: 'subnetCutover:refusal.samePlan' },
  [C.SWITCH_TASK_CLOSED]: { field: 'currentChannelPlan', message: 'subnetCutover:refusal.plansLocked' },
};
const digits = (s: string) => s.replace(/[^\d]/g, '');

/**
 * New or changed cutover task: name, interval, switch time, the two plans (a region, then two
 * of its subnets) and the grace time. The plans are fixed once the task has members.
 */
export function TaskFormDialog({ task, onClose }: { task?: SwitchTask; onClose: () => void }) {
  const { t } = useTranslation('subnetCutover');
  const save = useSaveTask();
  const regions = useRegions().data ?? [];
  const form = useContractForm({
    schema: task ? switchTaskUpdateBody : switchTaskBody,
    defaultValues: formOf(task),
    toBody: (v: CutoverForm) => (task ? updateBody(task, v) : createBody(v)),
  });
  const { values: v, set } = form;
  const locked = task !== undefined && task.gatewayCount + task.deviceCount > 0;
  const subnets = regions.find((r) => r.region === v.region)?.subnets ?? [];
  const num = (name: 'interval' | 'graceTime', hint: string) => (
    <TextField
      size="small"
      required
      label={t(`field.${name}`)}
      value={v[name]}
      onChange={(e) => set(name, digits(e.target.value))}
      {...form.fieldState(name, hint)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': `cutover-${name}` } }}
    />
  );
  const plan = (name: 'currentChannelPlan' | 'nextChannelPlan', hint: string, other: string) => (
    <TextField
      select
      size="small"
      required
      disabled={locked || !v.region}
      label={t(`field.${name}`)}
      value={subnets.some((s) => `${v.region}:${s.subnet}` === v[name]) ? v[name] : ''}
      onChange={(e) => set(name, e.target.value)}
      {...form.fieldState(name, hint)}
      slotProps={{ htmlInput: { 'data-testid': `cutover-${name}` } }}
    >
      {subnets.map((s) => {
        const value = `${v.region}:${s.subnet}`;
        return (
          <MenuItem key={value} value={value} disabled={value === other} data-testid={`${name}-${s.subnet}`}>
            {planName(s.name)}
          </MenuItem>
        );
      })}
    </TextField>
  );

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={task ? t('tasks.editTitle') : t('tasks.addTitle')}
      submitLabel={task ? undefined : t('common:add')}
      submitTestId="cutover-save"
      submit={(body) => save.mutateAsync(body)}
      success={task ? t('common:saved') : t('common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1, pt: 1 }}>
        <TextField
          size="small"
          required
          label={t('field.taskName')}
          value={v.taskName}
          onChange={(e) => set('taskName', e.target.value)}
          {...form.fieldState('taskName', `${v.taskName.length}/${NAME_MAX}`)}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'cutover-taskName' } }}
        />
        <TextField
          size="small"
          required
          type="datetime-local"
          label={t('field.switchTime')}
          value={v.switchTime}
          onChange={(e) => set('switchTime', e.target.value)}
          {...form.fieldState('switchTime', t('hint.switchTime'))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': 'cutover-switchTime' } }}
        />
        <TextField
          select
          size="small"
          required
          disabled={locked}
          label={t('field.region')}
          value={regions.some((r) => r.region === v.region) ? v.region : ''}
          onChange={(e) => {
            set('region', e.target.value);
            set('currentChannelPlan', '');
            set('nextChannelPlan', '');
          }}
          {...form.fieldState('region', locked ? t('hint.plansLocked') : ' ')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { 'data-testid': 'cutover-region' } }}
        >
          {regions.map((r) => (
            <MenuItem key={r.region} value={r.region} data-testid={`cutover-region-${r.region}`}>
              {planName(r.name)}
            </MenuItem>
          ))}
        </TextField>
        {plan('currentChannelPlan', ' ', v.nextChannelPlan)}
        {plan('nextChannelPlan', t('hint.nextPlan'), v.currentChannelPlan)}
        {num('interval', t('hint.interval'))}
        {num('graceTime', t('hint.graceTime'))}
      </Box>
    </FormDialog>
  );
}
