import { C } from '@lns/contract/codes';
import { z } from 'zod';
import type { AuthUser } from '../../auth/guard';
import { DomainError } from '../../errors';
import { enqueueDownlink } from '../../ns/downlink/queue';
import type { Stage } from '../../ns/stage';
import type { IntegrationLookup } from '../lookup';

/**
 * A downlink command: `data` in hex (as everywhere in the API) or `base64`; `confirmed` defaults
 * to false; `macCommands: true` says data holds downlink MAC commands (fPort 0). Unknown fields
 * are ignored. The queue checks the rest (port rules, size at the device's data rate).
 */
export const downlinkCommand = z
  .object({
    fPort: z.number().int().min(0).max(255),
    data: z
      .string()
      .regex(/^([0-9a-fA-F]{2})*$/, 'data must be hex')
      .optional(),
    base64: z.string().base64().optional(),
    confirmed: z.preprocess((v) => (v === 1 ? true : v === 0 ? false : v), z.boolean()).default(false),
    macCommands: z.boolean().default(false),
  })
  .refine((c) => (c.data === undefined) !== (c.base64 === undefined), 'give either data (hex) or base64');

export type CommandResult = { ok: true; msgID: string } | { ok: false; code: number; msg: string };

/**
 * Validate a command and hand it to the downlink queue. `user` is the MQTT principal (undefined
 * for the external broker, whose ACL is the broker's): the device must belong to `appID` either way.
 */
export async function handleDownlinkCommand(
  dataPlane: Stage,
  lookup: IntegrationLookup,
  appID: number,
  devEUI: string,
  raw: Buffer,
  user?: AuthUser,
): Promise<CommandResult> {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, code: C.PARAM_FORMAT, msg: 'payload is not JSON' };
  }
  const parsed = downlinkCommand.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, code: C.PARAM_FORMAT, msg: `${issue.path.join('.') || 'payload'}: ${issue.message}` };
  }
  const cmd = parsed.data;
  const app = await lookup.appOfDevice(devEUI);
  if (!app || app.appID !== appID)
    return { ok: false, code: C.DEVICE_MISSING, msg: `device ${devEUI} is not in application ${appID}` };
  const data = cmd.data?.toLowerCase() ?? Buffer.from(cmd.base64!, 'base64').toString('hex');
  try {
    const rec = await enqueueDownlink(
      dataPlane,
      { devEUI, fPort: cmd.fPort, data, confirmed: cmd.confirmed, macCommands: cmd.macCommands },
      user,
    );
    return { ok: true, msgID: rec.msgID };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, msg: err.detail ?? err.message };
    dataPlane.log.error({ err, devEUI }, 'MQTT downlink failed');
    return { ok: false, code: C.SYSTEM_BUSY, msg: 'server error' };
  }
}
