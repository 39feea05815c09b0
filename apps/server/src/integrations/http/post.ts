import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isForbiddenPushHeader } from '@lns/contract/applications';
import { type PushAddressPolicy, PushBlockedError } from './address-policy';

/**
 * One push request through the address policy: an IP literal is checked as written, a name is
 * resolved and checked by the policy's lookup, and the connection goes to the checked address.
 * Redirects are not followed. Resolves to the HTTP status.
 */
export class PushClient {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  constructor(private readonly policy: PushAddressPolicy) {}

  post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
    return new Promise((resolve, reject) => {
      const u = new URL(url);
      const host = u.hostname.replace(/^\[|\]$/g, '');
      const why = isIP(host) ? this.policy.refusal(host) : null;
      if (why) return reject(new PushBlockedError(why));
      const protocol = u.protocol as 'http:' | 'https:';
      const mod = protocol === 'https:' ? https : http;
      const req = mod.request(
        u,
        {
          method: 'POST',
          agent: this.agents[protocol],
          lookup: this.policy.lookup,
          signal,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'lns-push/4',
            // Headers saved before they were refused on save are left out here too.
            ...Object.fromEntries(Object.entries(headers).filter(([k]) => !isForbiddenPushHeader(k))),
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }
}
