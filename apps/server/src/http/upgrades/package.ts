import { gatewayPackageApi } from '@lns/contract/api/upgrades';
import { C } from '@lns/contract/codes';
import { DomainError } from '../../errors';
import { gatewayByGwId } from '../../gateways/repository';
import { validSignature } from '../../gateways/upgrades/package-url';
import { sendStoredFile } from '../files/send-file';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Packages for gateways' agents, by the signed address of an upgrade request (no user token). */
export const gatewayPackageRoutes: RouteModule = (app, s) => {
  route(app, gatewayPackageApi.download, async (req, reply) => {
    const { gw, exp, sig } = req.query;
    const digest = req.params.digest;
    const gateway = await gatewayByGwId(s.db, gw);
    if (!gateway || !validSignature(gateway.mqttPassword, digest, gw, exp, sig))
      throw new DomainError(C.TOKEN_INVALID, 'the address is not signed for this gateway, or has expired', 'sig');
    const info = await s.files.info(digest);
    if (!info) throw new DomainError(C.FILE_MISSING, undefined, 'digest');
    return sendStoredFile(req, reply, s.files, info);
  });
};
