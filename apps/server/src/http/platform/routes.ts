import { platformApi as api } from '@lns/contract/api/platform';
import { count } from 'drizzle-orm';
import { noteAudit } from '../../audit/hook';
import { devices } from '../../db/schema/devices';
import { gateways } from '../../db/schema/gateways';
import { announceSettingsChange, readDataSettings, writeDataSettings } from '../../ns/settings';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/**
 * The authentication page's configuration and account card (docs/product/platform.md). The
 * configuration reads as the data plane applies it: absent or unreadable rows are their defaults.
 */
export const platformRoutes: RouteModule = (app, s) => {
  const cache = s.dataPlane.settings;

  route(app, api.config, async () => ok(await readDataSettings(s.db)));

  route(app, api.updateConfig, async (req) => {
    const before = await readDataSettings(s.db);
    await writeDataSettings(s.db, req.body);
    noteAudit(req, { before, after: req.body, entityID: 'config' });
    // Applied here before the answer (an uplink after it follows the new switches), then on the
    // other instances; streams end through the cache's change listeners.
    await cache.refresh();
    announceSettingsChange(s.bus);
    return ok();
  });

  route(app, api.account, async (req) => {
    const [[d], [g]] = await Promise.all([
      s.db.select({ n: count() }).from(devices),
      s.db.select({ n: count() }).from(gateways),
    ]);
    return ok({
      username: req.user.name,
      deviceCount: Number(d?.n ?? 0),
      gatewayCount: Number(g?.n ?? 0),
      nwID: s.config.NET_ID.toLowerCase(),
    });
  });
};
