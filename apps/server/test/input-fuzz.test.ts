/**
 * Every route of the OpenAPI description gets hostile values in each of its fields (NUL, lone
 * surrogates, integers past the columns, huge strings, wrong JSON types) and hostile whole
 * bodies, signed in as admin and, for public routes, anonymously. None may answer 5xx; every
 * refusal is the coded envelope naming the field at fault.
 */
import { C } from '@lns/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otaaDevice } from './devices-fixtures';
import { bodyCases, type Case, fieldCases, type ValidOf, validCase, validRequestMaker } from './fuzz/cases';
import { type Operation, operationsOf } from './fuzz/openapi';
import { fieldSamples, gatewayBody, routeSamples, type Seeded } from './fuzz/samples';
import { problemWith } from './fuzz/verdict';
import { createTestApp, type TestApp } from './harness';

/** Requests in flight at once: the app serves them concurrently as it would real clients. */
const PARALLEL = 8;

/** Signing out would end the session the test uses; it gets a session of its own. */
const SIGN_OUT = 'POST /api/logout';
const isDelete = (op: Operation) => /\/delete$/.test(op.path);

describe('hostile input on every route', () => {
  let t: TestApp;
  let admin: string;
  let ops: Operation[];
  let validOf: ValidOf;
  let address = 0;

  async function send(c: Case, token?: string) {
    address++;
    const res = await t.app.inject({
      method: c.method,
      url: c.url,
      payload: c.payload,
      headers: { ...c.headers, ...(token ? { 'x-access-token': token } : {}) },
      // A fresh client address per request keeps the sign-in throttle out of the way.
      remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    });
    return { statusCode: res.statusCode, body: res.body };
  }

  /** Sends the cases, PARALLEL at a time, and returns what was wrong with the answers. */
  async function run(cases: Case[], token: string | undefined, validFaults: Map<string, string>) {
    const problems: string[] = [];
    let i = 0;
    const worker = async () => {
      while (i < cases.length) {
        const c = cases[i++]!;
        const res = await send(c, token);
        const p = problemWith(c, res, validFaults.get(c.id.split(' ').slice(0, 2).join(' ')));
        if (p) problems.push(p);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    return problems;
  }

  /** The field a route's valid request is refused on (when the database state makes it so). */
  async function validFaultsOf(list: Operation[], token?: string) {
    const faults = new Map<string, string>();
    for (const op of list) {
      const res = await send(validCase(op, validOf), token);
      if (res.statusCode >= 500) throw new Error(`${op.method} ${op.path} valid request: ${res.body}`);
      const field = res.statusCode === 400 ? (JSON.parse(res.body) as { field?: string }).field : undefined;
      if (field) faults.set(`${op.method} ${op.path}`, field);
    }
    return faults;
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    const victim = await t.userWithToken('fuzz-victim');
    const post = async (url: string, body: Record<string, unknown>) => {
      const r = await t.call(admin, 'POST', url, body);
      if (r.body.code !== 0) throw new Error(`${url}: ${JSON.stringify(r.body)}`);
      return r.body.data;
    };
    const appID = (await post('/api/application/create', { appName: 'fuzz-app' })).appID as number;
    const deviceTagId = (await post('/api/device/tags/create', { tags: ['seed'], groupName: 'g' })).tags[0]
      .tagId as number;
    const gatewayTagId = (await post('/api/gateway/tags/create', { tags: ['seed'], groupName: 'g' }))
      .tagsId[0] as number;
    const gwTypeID = (await post('/api/gwtype/create', { gwType: 'fuzz-type', arch: 'arm' })).gwTypeID as number;
    const device = otaaDevice(1);
    await post('/api/device/create', { appID, ...device });
    const gateway = gatewayBody(1);
    await post('/api/gateway/create', gateway);
    const seeded: Seeded = {
      appID,
      devEUI: device.devEUI,
      gwID: gateway.gwID,
      victimID: victim.userID,
      gwTypeID,
      deviceTagId,
      gatewayTagId,
    };
    validOf = validRequestMaker(fieldSamples(seeded), routeSamples(seeded));
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    ops = operationsOf(doc.json()).filter((op) => op.path.startsWith('/api/') || op.path === '/healthz');
  });
  afterAll(() => t?.close());

  it('derives its routes from the OpenAPI description', () => {
    expect(ops.length).toBeGreaterThan(60);
    expect(ops.find((op) => op.path === '/api/gateway/excel')?.multipart).toBe(true);
  });

  it('signed in as admin: no 5xx, refusals name the field', async () => {
    const routes = ops.filter((op) => `${op.method} ${op.path}` !== SIGN_OUT);
    const faults = await validFaultsOf(routes, admin);
    const cases = (list: Operation[]) => list.flatMap((op) => [...fieldCases(op, validOf), ...bodyCases(op, validOf)]);
    // Deletes last, so the rows the other routes work on are there for all of them.
    const problems = [
      ...(await run(cases(routes.filter((op) => !isDelete(op))), admin, faults)),
      ...(await run(cases(routes.filter(isDelete)), admin, faults)),
    ];
    expect(problems.slice(0, 40), `${problems.length} answers were wrong`).toEqual([]);
  }, 240_000);

  it('anonymous on public routes: no 5xx, refusals name the field', async () => {
    const faults = await validFaultsOf(ops);
    const publicOps: Operation[] = [];
    for (const op of ops) {
      const res = await send(validCase(op, validOf));
      if (!res.body.includes(`"code":${C.TOKEN_MISSING}`)) publicOps.push(op);
    }
    expect(publicOps.map((op) => op.path)).toContain('/api/login');
    const cases = publicOps.flatMap((op) => [...fieldCases(op, validOf), ...bodyCases(op, validOf)]);
    const problems = await run(cases, undefined, faults);
    expect(problems.slice(0, 40), `${problems.length} answers were wrong`).toEqual([]);
  }, 120_000);

  it('signing out: no 5xx on hostile bodies', async () => {
    const op = ops.find((o) => `${o.method} ${o.path}` === SIGN_OUT)!;
    const problems: string[] = [];
    for (const c of bodyCases(op, validOf)) {
      const p = problemWith(c, await send(c, await t.login()));
      if (p) problems.push(p);
    }
    expect(problems).toEqual([]);
  });
});
