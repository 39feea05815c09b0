import { C } from '@lns/contract/codes';
import type { Db } from '../db/client';
import { maySee, type Viewer } from '../db/ownership';
import { type DeviceRecord, deviceByEui } from '../devices/repository';
import { DomainError } from '../errors';
import { isProduct, PRODUCT, type Product } from './protocol';

/**
 * The device of a relay/ladtp call: the caller's (admins: any; 4001 otherwise, as for a missing
 * one) and of a product type the call serves (18001 otherwise).
 */
export async function relayDevice(
  db: Db,
  devEUI: string,
  viewer: Viewer,
  need: 'relay' | 'both',
): Promise<DeviceRecord & { productType: Product }> {
  const dev = await deviceByEui(db, devEUI);
  if (!dev || !maySee(viewer, dev.ownerId)) throw new DomainError(C.DEVICE_MISSING, undefined, 'devEUI');
  const fits = need === 'relay' ? dev.productType === PRODUCT.RELAY : isProduct(dev.productType);
  if (!fits)
    throw new DomainError(
      C.RELAY_WRONG_PRODUCT,
      `this call is for ${need === 'relay' ? 'relay (rhf3mr01)' : 'relay or ladtp (rhf3m485)'} devices, not ${dev.productType}`,
      'devEUI',
    );
  return dev as DeviceRecord & { productType: Product };
}
