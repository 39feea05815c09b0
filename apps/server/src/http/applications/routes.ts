import { applicationApi as api } from '@lns/contract/api/applications';
import { type Decoder, type ProductType, pushLinksOf } from '@lns/contract/applications';
import { C } from '@lns/contract/codes';
import { pageWindow } from '@lns/contract/paging';
import { ApplicationRepository, type AppRecord as Rec } from '../../applications/repository';
import { noteAudit } from '../../audit/hook';
import type { AuthUser } from '../../auth/guard';
import { type AuthRevoked, localTopics } from '../../bus/bus';
import type { Services } from '../../context';
import { uniqueViolation } from '../../db/errors';
import { DomainError } from '../../errors';
import { decoderProblem } from '../../integrations/decoders/decoders';
import { refuseBatch } from '../devices/refuse';
import { list, ok } from '../envelope';
import { pushUrlGuard } from '../push-urls';
import { route } from '../route';
import type { RouteModule } from '../types';
import { mqttUrlFor } from '../users/routes';

type DecoderSpec = { type: string; content: string };
const isScript = (d: DecoderSpec | null | undefined): d is DecoderSpec =>
  d?.type === 'javascript' && !!d.content.trim();

/**
 * A changed JavaScript decoder counts against the user's changes per minute (3102; admins are
 * exempt) and must compile in the sandbox before it is saved (1007 with the reason).
 */
async function checkDecoder(
  s: Services,
  user: AuthUser,
  d: DecoderSpec | null | undefined,
  current?: DecoderSpec | null,
): Promise<void> {
  if (!isScript(d) || (current?.type === d.type && current.content === d.content)) return;
  if (!user.admin && !(await s.decoderChanges.take(user.id))) {
    throw new DomainError(
      C.DECODER_CHANGE_RATE,
      `at most ${s.config.DECODER_CHANGES_PER_MINUTE} per minute`,
      'decoder.content',
    );
  }
  const problem = await decoderProblem(s.decoders, d);
  if (problem) throw new DomainError(C.PARAM_FORMAT, problem, 'decoder.content');
}

const overQuota = (quota: number) => new DomainError(C.APP_QUOTA, `at most ${quota} applications per user`);

const row = (a: Rec, deviceNums: number, username: string) => ({
  appID: a.id,
  appName: a.name,
  productType: a.productType as ProductType,
  protocol: a.protocol,
  pushUrls: a.pushUrls,
  enableMQTT: a.enableMqtt,
  deviceNums,
  username,
  createtime: a.createdAt,
});

export const applicationRoutes: RouteModule = (app, s) => {
  const apps = new ApplicationRepository(s.db);
  /** The application if the caller may see it, else 3001 naming appID. */
  const visibleApp = async (appID: number, user: AuthUser) => {
    const a = await apps.visible(appID, user);
    if (!a) throw new DomainError(C.APP_MISSING, undefined, 'appID');
    return a;
  };
  const refusePrivate = pushUrlGuard(s.config);
  // Credentials for a broker that is not ours would not work: MQTT stays off until the server has one.
  const refuseWithoutBroker = () => {
    if (!s.mqtt.available) throw new DomainError(C.MQTT_UNAVAILABLE, undefined, 'enableMQTT');
  };

  s.search.register('application', async ({ keyword, user, limit, offset }) => {
    const { rows, amount } = await apps.search(user, keyword, limit, offset);
    return { rows: rows.map((r) => row(r.app, r.deviceNums, r.username)), amount };
  });

  // The unique index settles a race between two requests that both passed nameTaken.
  const save = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err) !== undefined) throw new DomainError(C.APP_EXISTS, undefined, 'appName');
      throw err;
    }
  };

  route(app, api.list, async (req) => {
    const q = req.query;
    const { rows, amount } = await apps.list(req.user, {
      ...pageWindow(q),
      orderBy: q.orderBy,
      orderType: q.orderType,
    });
    return list(
      rows.map((r) => row(r.app, r.deviceNums, r.username)),
      amount,
    );
  });

  route(app, api.create, async (req) => {
    const b = req.body;
    if (await apps.nameTaken(req.user.id, b.appName)) throw new DomainError(C.APP_EXISTS, undefined, 'appName');
    refusePrivate(b.pushUrls);
    if (b.enableMQTT) refuseWithoutBroker();
    // Admins are exempt from the quota.
    const quota = req.user.admin ? undefined : s.config.APPS_PER_USER;
    if (quota !== undefined && (await apps.ownedCount(req.user.id)) >= quota) throw overQuota(quota);
    await checkDecoder(s, req.user, b.decoder);
    const created = await save(() =>
      apps.createWithin(
        req.user.id,
        {
          name: b.appName,
          productType: b.productType,
          protocol: b.protocol,
          pushUrls: b.pushUrls,
          headers: b.headers,
          enableMqtt: b.enableMQTT,
          decoder: b.decoder ?? null,
        },
        quota,
      ),
    );
    // Counted again under a lock while inserting: a concurrent create may have taken the last one.
    if (created === 'over quota') throw overQuota(quota!);
    return ok({ appID: created.id });
  });

  route(app, api.update, async (req) => {
    const b = req.body;
    const current = await visibleApp(b.appID, req.user);
    if (await apps.nameTaken(current.ownerId, b.appName, current.id)) {
      throw new DomainError(C.APP_EXISTS, undefined, 'appName');
    }
    refusePrivate(b.pushUrls);
    if (b.enableMQTT && !current.enableMqtt) refuseWithoutBroker();
    await checkDecoder(s, req.user, b.decoder, current.decoder as DecoderSpec | null);
    const patch = {
      name: b.appName,
      productType: b.productType,
      protocol: b.protocol,
      pushUrls: b.pushUrls,
      headers: b.headers,
      enableMqtt: b.enableMQTT,
      decoder: b.decoder === undefined ? current.decoder : b.decoder,
    };
    await save(() => apps.update(current.id, patch));
    noteAudit(req, { before: current, after: { ...current, ...patch } });
    return ok();
  });

  route(app, api.delete, async (req, reply) => {
    const ids = [...new Set(req.body.appIDs)];
    const failed = [];
    for (const id of ids) {
      if (!(await apps.visible(id, req.user))) {
        failed.push({ id: String(id), code: C.APP_MISSING, reason: 'application missing' });
      }
    }
    if (failed.length) return refuseBatch(req, reply, C.APP_BATCH_DELETE, { deleted: [], failed });
    await apps.deleteMany(ids);
    s.local.publish(localTopics.entityDeleted, { applications: ids });
    return ok({ deleted: ids, failed: [] });
  });

  route(app, api.info, async (req) => {
    const info = await apps.visibleInfo(req.query.appID, req.user);
    if (!info) throw new DomainError(C.APP_MISSING, undefined, 'appID');
    const a = info.app;
    return ok({
      ...row(a, info.deviceNums, info.username),
      headers: a.headers,
      decoder: a.decoder as Decoder | null,
      mqName: a.mqName,
      mqURL: mqttUrlFor(s, req),
      mqPassword: a.mqPassword,
      pushLinks: a.pushUrls.map(pushLinksOf),
      updatetime: a.updatedAt,
    });
  });

  route(app, api.regenerateMqtt, async (req) => {
    const a = await visibleApp(req.body.appID, req.user);
    const mqPassword = await apps.regenerateMqttPassword(a.id);
    s.local.publish(localTopics.authRevoked, {
      userId: a.ownerId,
      reason: 'app-mqtt-password-rotated',
      appID: a.id,
    } satisfies AuthRevoked);
    return ok({ mqPassword });
  });
};
