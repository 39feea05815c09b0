import { systemApi as api } from '@lns/contract/api/system';
import { z } from 'zod';
import { buildInfo } from '../../version';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

const health = z.object({ status: z.string(), database: z.string() });

export const systemRoutes: RouteModule = (app, s) => {
  route(app, api.version, async () => ok(buildInfo()));

  route(app, api.webConfig, async () =>
    ok({
      customIcon: s.config.CUSTOM_ICON,
      customLogo: s.config.CUSTOM_LOGO,
      hideLogo: s.config.HIDE_LOGO,
      mapEnabled: s.config.MAP_ENABLED,
      mapType: s.config.MAP_TYPE,
      gaodeMapKey: s.config.GAODE_MAP_KEY,
      googleMapKey: s.config.GOOGLE_MAP_KEY,
      docsUrl: s.config.DOCS_URL,
      mqtt: s.mqtt,
      uploadMaxMb: s.config.UPLOAD_MAX_MB,
    }),
  );

  // Outside /api and the contract: probes of the process, not part of the console's API.
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: health, 503: health },
      },
    },
    async (_req, reply) => {
      try {
        await s.database.exec('SELECT 1');
        return { status: 'ok', database: s.database.kind };
      } catch {
        return reply.status(503).send({ status: 'degraded', database: s.database.kind });
      }
    },
  );
};
