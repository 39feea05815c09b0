import { C } from '@lns/contract/codes';
import type { Config } from '../config';
import { DomainError } from '../errors';
import { PushAddressPolicy } from '../integrations/http/address-policy';

/**
 * Refuses push URLs that point, as written, at an address the server may not push to (3103
 * naming the URL, e.g. `pushUrls.1`). Names are resolved and checked on every send as well.
 */
export function pushUrlGuard(config: Config) {
  const policy = PushAddressPolicy.of(config);
  return (urls: string[] | undefined, field = 'pushUrls') => {
    (urls ?? []).forEach((url, i) => {
      const why = policy.urlRefusal(url);
      if (why) throw new DomainError(C.PUSH_URL_PRIVATE, why, `${field}.${i}`);
    });
  };
}
