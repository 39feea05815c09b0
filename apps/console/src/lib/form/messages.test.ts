import { deviceCreateBody } from '@lns/contract/devices';
import { gwTypeCreateBody } from '@lns/contract/gateway-types';
import { userCreateBody } from '@lns/contract/users';
import { V } from '@lns/contract/validation';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupI18n } from '../../../test/render';
import enCommon from '../../locales/en-US/common.json';
import zhCommon from '../../locales/zh-CN/common.json';
import { issueText, zodIssueText } from './messages';

/** What a form shows for each refused path of `schema` given `body`. */
function shown(schema: z.ZodType, body: unknown): Record<string, string> {
  const r = schema.safeParse(body, { error: zodIssueText });
  const out: Record<string, string> = {};
  for (const issue of r.error?.issues ?? []) out[issue.path.join('.')] ??= issueText(issue);
  return out;
}

describe('form messages', () => {
  it('has words for every contract message key in both languages', () => {
    for (const key of Object.keys(V)) {
      expect(enCommon.validation, key).toHaveProperty(key);
      expect(zhCommon.validation, key).toHaveProperty(key);
    }
  });

  it('translates contract messages by their key', async () => {
    const body = {
      appID: 1,
      devEUI: '',
      devName: 'x',
      appEUI: '12',
      authType: 'abp',
      region: 'eu868',
      subnet: 'eu868-default',
      devAddr: '1',
    };
    await setupI18n('en-US');
    expect(shown(deviceCreateBody, body)).toMatchObject({
      devEUI: 'DevEUI cannot be empty',
      appEUI: 'AppEUI must be 16 hexadecimal digits',
      devAddr: 'DevAddr must be 8 hexadecimal digits',
      appSKey: 'AppSessionKey cannot be empty',
    });
    await setupI18n('zh-CN');
    expect(shown(deviceCreateBody, body)).toMatchObject({
      devEUI: 'DevEUI 不能为空',
      appEUI: 'AppEUI 必须是 16 位十六进制数',
    });
  });

  it("translates zod's own kinds with their bounds: empty, too long, out of range, not a number", async () => {
    await setupI18n('en-US');
    expect(shown(gwTypeCreateBody, { gwType: 'x'.repeat(21), arch: '' })).toEqual({
      gwType: 'At most 20 characters',
      arch: 'Cannot be empty',
    });
    const keepAlive = z.object({ n: z.number().int().min(5).max(60), m: z.number().int().min(5).max(60) });
    expect(shown(keepAlive, { n: 61, m: Number.NaN })).toEqual({ n: 'Please enter 5~60', m: 'Please enter 5~60' });
    expect(shown(z.object({ n: z.number().max(3), s: z.string().min(8) }), { n: 4, s: 'abc' })).toEqual({
      n: 'At most 3',
      s: 'At least 8 characters',
    });
    await setupI18n('zh-CN');
    expect(shown(keepAlive, { n: 4, m: undefined })).toEqual({ n: '请输入 5~60', m: '不能为空' });
  });

  it('translates the password policy by the code its issue carries', async () => {
    await setupI18n('zh-CN');
    expect(shown(userCreateBody, { name: 'grafana-ops', password: 'grafana-ops-1', admin: 0 })).toEqual({
      password: '密码不能包含用户名',
    });
    await setupI18n('en-US');
    expect(shown(userCreateBody, { name: 'ops', password: 'password123', admin: 0 })).toEqual({
      password: 'Password too common or too easy to guess',
    });
  });
});
