import { envelopeOf } from '@lns/contract/envelope';
import { versionInfo, webConfig } from '@lns/contract/system';
import { z } from 'zod';
import { buildInfo } from '../../version';
import { ok } from '../envelope';
import type { RouteModule } from '../types';

const tags = ['system'];
const health = z.object({ status: z.string(), database: z.string() });

export const systemRoutes: RouteModule = (app, s) => {
  app.get(
    '/api/version',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Back-end version', response: { 200: envelopeOf(versionInfo) } },
    },
    async () => ok(buildInfo()),
  );

  app.get(
    '/api/webConfig',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Branding and map settings for the console', response: { 200: envelopeOf(webConfig) } },
    },
    async () =>
      ok({
        customIcon: s.config.CUSTOM_ICON,
        customLogo: s.config.CUSTOM_LOGO,
        hideLogo: s.config.HIDE_LOGO,
        mapEnabled: s.config.MAP_ENABLED,
        mapType: s.config.MAP_TYPE,
        gaodeMapKey: s.config.GAODE_MAP_KEY,
        googleMapKey: s.config.GOOGLE_MAP_KEY,
        docsUrl: s.config.DOCS_URL,
      }),
  );

  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Liveness and database reachability', response: { 200: health, 503: health } },
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
