import { C } from '@lns/contract/codes';
import type { Config } from '../config';
import { PushAddressPolicy } from '../integrations/http/address-policy';
import { ApiError } from './errors';

/**
 * Refuses push URLs that point, as written, at an address the server may not push to (3103
 * naming the URL, e.g. `pushUrls.1`). Names are resolved and checked on every send as well.
 */
export function pushUrlGuard(config: Config) {
  const policy = PushAddressPolicy.of(config);
  return (urls: string[] | undefined, field = 'pushUrls') => {
    (urls ?? []).forEach((url, i) => {
      const why = policy.urlRefusal(url);
      if (why) throw new ApiError(C.PUSH_URL_PRIVATE, why, `${field}.${i}`);
    });
  };
}
