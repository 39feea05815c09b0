import { C } from '@lns/contract/codes';
import type { LadtpConfig, RelayConfig } from '@lns/contract/relay';
import type { DeviceRecord } from '../devices/repository';
import { DomainError } from '../errors';
import type { Stage } from '../ns/stage';
import { PRODUCT, type Product } from './protocol';
import { createRequest, refuseWaiting } from './requests';

interface Body {
  config: RelayConfig | LadtpConfig;
  workMode?: number;
  backwardMode?: number;
}

/**
 * Config post. A relay gets its delays (ConfigSetReq) and its modes (ModeSetReq): two requests,
 * each in effect once answered. A ladtp gets its serial settings. What the body carries must be
 * the device's kind (the contract takes either, so that a wrong value is named by its field).
 */
export async function postConfig(dp: Stage, dev: DeviceRecord & { productType: Product }, body: Body) {
  const relayConfig = 'joinDelayMin' in body.config;
  const isRelay = dev.productType === PRODUCT.RELAY;
  if (relayConfig !== isRelay)
    throw new DomainError(
      C.PARAM_FORMAT,
      isRelay ? 'a relay takes its delays (joinDelayMin …)' : 'a ladtp takes its serial settings (period …)',
      'config',
    );
  if (!isRelay) {
    if (body.workMode !== undefined || body.backwardMode !== undefined)
      throw new DomainError(C.PARAM_FORMAT, 'a ladtp has no work or backward mode', 'workMode');
    return createRequest(dp, PRODUCT.LADTP, dev.devEui, 'configSet', { config: body.config }, { config: body.config });
  }
  for (const k of ['workMode', 'backwardMode'] as const)
    if (body[k] === undefined) throw new DomainError(C.PARAM_EMPTY, `a relay needs its ${k}`, k);
  await refuseWaiting(dp, dev.devEui, ['configSet', 'mode']);
  const set = await createRequest(
    dp,
    PRODUCT.RELAY,
    dev.devEui,
    'configSet',
    { config: body.config },
    { config: body.config },
  );
  const modes = { workMode: body.workMode, backwardMode: body.backwardMode };
  await createRequest(dp, PRODUCT.RELAY, dev.devEui, 'mode', modes, modes);
  return set;
}
