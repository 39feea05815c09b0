import type { UpgradeExtra } from '@lns/contract/upgrades';
import { type PackageServer, sha256 } from './package-server';

/** The `extra` the server sends for a package the test's server has under `name`. */
export function upgradeRequest(
  server: PackageServer,
  name: string,
  body: Buffer,
  kind: UpgradeExtra['kind'],
  version: string,
  o: Partial<UpgradeExtra> = {},
): UpgradeExtra {
  return {
    kind,
    version,
    url: server.url(name),
    digest: sha256(body),
    size: body.length,
    fileName: name,
    restartAfterInstall: false,
    ...o,
  };
}
