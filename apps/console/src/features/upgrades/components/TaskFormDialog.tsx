import { C } from '@lns/contract/codes';
import { NAME_MAX } from '@lns/contract/limits';
import {
  MAX_LIMIT_RANGE,
  UPGRADE_KINDS,
  UPGRADE_TYPE,
  type UpgradeType,
  upgradeTaskBody,
} from '@lns/contract/upgrades';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useContractForm } from '../../../lib/form/useContractForm';
import type { RefusalTable } from '../../../lib/form/useFormSubmit';
import { useCreateTask, useUpgradeGatewayTypes, useVersionOptions } from '../api/tasks';
import { hasArch } from '../kinds';
import { EMPTY_TASK, kindOfForm, type TaskForm, taskBody, typesFor, withType, withVersion } from '../taskForm';
import { GatewayTypesSelect } from './GatewayTypesSelect';

const REFUSALS: RefusalTable<TaskForm> = {
  [C.FUOTA_TASK_EXISTS]: { field: 'name', message: 'upgrades:refusal.taskExists' },
  [C.BRIDGE_MISSING]: { field: 'versionId', message: 'upgrades:refusal.versionMissing' },
  [C.PKTFWD_MISSING]: { field: 'versionId', message: 'upgrades:refusal.versionMissing' },
  [C.GWTYPE_UNSUPPORTED]: { field: 'gatewayTypes', message: 'upgrades:refusal.archMismatch' },
  [C.GWTYPE_MISSING]: { field: 'gatewayTypes', message: 'upgrades:refusal.gwTypeMissing' },
  [C.GATEWAY_MISSING]: { field: 'gatewayTypes', message: 'upgrades:refusal.noGateways' },
};

/**
 * New upgrade task: the upgrade type (a change clears the form), a version of it (names the task
 * and sets the arch), gateway types (of that arch for agent and packet forwarder, with their
 * gateway counts), the task name and how many gateways at once.
 */
export function TaskFormDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('upgrades');
  const create = useCreateTask();
  const form = useContractForm({ schema: upgradeTaskBody, defaultValues: EMPTY_TASK, toBody: taskBody });
  const { values: v, set } = form;
  const kind = kindOfForm(v);
  const versions = useVersionOptions(kind).data ?? [];
  const allTypes = useUpgradeGatewayTypes().data ?? [];
  const offered = typesFor(allTypes, kind, v.arch);
  const apply = (next: TaskForm) => {
    for (const k of Object.keys(next) as (keyof TaskForm)[]) set(k, next[k]);
  };
  /** A select left empty: "cannot be empty" rather than the number check's words. */
  const selectState = (path: 'upgradeType' | 'versionId', empty: boolean, hint: string) => {
    const s = form.fieldState(path, hint);
    return s.error && empty ? { ...s, helperText: t('common:validation.required') } : s;
  };

  return (
    <FormDialog
      form={form}
      onClose={onClose}
      title={t('tasks.addTitle')}
      submitLabel={t('common:add')}
      submitTestId="task-save"
      submit={(body) => create.mutateAsync(body)}
      success={t('common:created')}
      codes={REFUSALS}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1, pt: 1 }}>
        <TextField
          select
          size="small"
          required
          label={t('field.upgradeType')}
          value={v.upgradeType}
          onChange={(e) => apply(withType(Number(e.target.value) as UpgradeType))}
          {...selectState('upgradeType', v.upgradeType === '', ' ')}
          slotProps={{ htmlInput: { 'data-testid': 'task-upgradeType' } }}
        >
          {UPGRADE_KINDS.map((k) => (
            <MenuItem key={k} value={UPGRADE_TYPE[k]}>
              {t(`kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          required
          disabled={!kind}
          label={t('field.version')}
          value={versions.some((x) => x.id === v.versionId) ? v.versionId : ''}
          onChange={(e) => {
            const chosen = versions.find((x) => x.id === Number(e.target.value));
            if (chosen) apply(withVersion(v, chosen, allTypes));
          }}
          {...selectState(
            'versionId',
            v.versionId === '',
            !kind
              ? t('hint.version')
              : versions.length === 0
                ? t('hint.noVersions', { kind: t(`kind.${kind}`) })
                : t('hint.versionFills'),
          )}
          slotProps={{ htmlInput: { 'data-testid': 'task-version' } }}
        >
          {versions.map((x) => (
            <MenuItem key={x.id} value={x.id}>
              {x.arch ? `${x.versionName} · ${x.arch}` : x.versionName}
            </MenuItem>
          ))}
        </TextField>
        <GatewayTypesSelect
          sx={{ gridColumn: '1 / -1' }}
          options={offered}
          value={v.gatewayTypes}
          onChange={(x) => set('gatewayTypes', x)}
          disabled={!kind || (hasArch(kind) && !v.arch)}
          {...form.fieldState(
            'gatewayTypes',
            kind && hasArch(kind) ? t('hint.gatewayTypes', { arch: v.arch || '—' }) : t('hint.gatewayTypesAll'),
          )}
        />
        <TextField
          size="small"
          required
          label={t('field.taskName')}
          value={v.name}
          onChange={(e) => set('name', e.target.value)}
          {...form.fieldState('name', `${v.name.length}/${NAME_MAX}`)}
          slotProps={{ htmlInput: { maxLength: NAME_MAX, 'data-testid': 'task-name' } }}
        />
        <TextField
          size="small"
          required
          label={t('field.maxLimit')}
          value={v.maxLimit}
          onChange={(e) => set('maxLimit', e.target.value.replace(/[^\d]/g, ''))}
          {...form.fieldState('maxLimit', t('hint.maxLimit', { min: MAX_LIMIT_RANGE[0], max: MAX_LIMIT_RANGE[1] }))}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3, 'data-testid': 'task-maxLimit' } }}
        />
      </Box>
    </FormDialog>
  );
}
