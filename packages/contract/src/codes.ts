/**
 * The response-code table (docs/product/response-codes.md), with the texts the server sends as
 * `msg`; nothing else declares a code. The console shows its own words for each code
 * (common:codes in its locales; a test checks every code here has them).
 *
 * Within 14001-14019, 15001-15008, 16001-16004, 17001-17008, 18001-18006 and 20001-20007 the individual numbers are our own assignment,
 * fixed here.
 */
import { C as NAMED_CODES } from './code-names';

export type Locale = 'en-US' | 'zh-CN';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];

type Text = { en: string; zh: string; status: number };
const t = (status: number, en: string, zh: string): Text => ({ status, en, zh });

export const CODES = {
  0: t(200, 'success', '成功'),
  /** Our own: an API path that does not exist (HTTP 404). */
  404: t(404, 'no such API path', '接口不存在'),
  1001: t(500, 'system busy', '系统繁忙'),
  1003: t(401, 'token missing, please log in again', '缺少令牌，请重新登录'),
  1004: t(401, 'token invalid, please log in again', '令牌无效，请重新登录'),
  1006: t(400, 'parameter empty', '参数为空'),
  1007: t(400, 'parameter format error', '参数格式错误'),
  1008: t(500, 'query failed', '查询失败'),
  1009: t(429, 'network busy, try again later', '网络繁忙，请稍后再试'),
  1010: t(403, 'permission error', '权限错误'),
  1011: t(404, 'subnet missing', '子网不存在'),
  1012: t(409, 'subnet exists', '子网已存在'),
  1013: t(404, 'extension protocol missing', '扩展协议不存在'),
  1014: t(409, 'extension protocol exists', '扩展协议已存在'),
  1015: t(404, 'platform config missing', '平台配置不存在'),
  1016: t(409, 'protocol linked to application', '协议已关联应用'),
  1017: t(400, 'subnet unsupported', '不支持的子网'),
  2001: t(401, 'invalid account', '无效账号'),
  2002: t(404, 'account missing', '账号不存在'),
  2003: t(409, 'account exists', '账号已存在'),
  2004: t(401, 'wrong account or password', '账号或密码错误'),
  /** Our own: the password policy (password-policy.ts) refuses a new password. */
  2101: t(400, 'password too short: at least 8 characters', '密码太短：至少 8 个字符'),
  2102: t(400, 'password must not contain the user name', '密码不能包含用户名'),
  2103: t(400, 'password too common or too easy to guess', '密码过于常见或容易被猜到'),
  /** Our own: the sign-in throttle (HTTP 429 with Retry-After). */
  2104: t(429, 'too many failed sign-ins, wait a moment and try again', '登录失败次数过多，请稍候再试'),
  /** Our own: an own password change that keeps the password, or names a wrong current one. */
  2105: t(400, 'the new password must differ from the current one', '新密码不能与当前密码相同'),
  2106: t(400, 'the current password is wrong', '当前密码错误'),
  3001: t(404, 'application missing', '应用不存在'),
  3002: t(409, 'application exists', '应用已存在'),
  3003: t(400, 'application batch delete error', '应用批量删除错误'),
  3101: t(409, 'application count above quota', '应用数量超出配额'),
  3102: t(429, 'decoder changed too often, try again in a minute', '解码器修改过于频繁，请一分钟后再试'),
  3103: t(400, 'push URL points to a private or internal address', '推送地址指向内网或保留地址'),
  /** Our own: the server runs without an MQTT broker (see the web config's `mqtt`). */
  3104: t(409, 'MQTT is unavailable on this server', '此服务器的 MQTT 不可用'),
  4001: t(404, 'node missing', '设备不存在'),
  4002: t(409, 'node exists', '设备已存在'),
  4004: t(409, 'devAddr and nwkSKey duplicated', 'DevAddr 与 NwkSKey 重复'),
  4005: t(409, 'node count above quota', '设备数量超出配额'),
  4006: t(400, 'node batch delete error', '设备批量删除错误'),
  5001: t(404, 'gateway missing', '网关不存在'),
  5002: t(409, 'gateway exists', '网关已存在'),
  5003: t(409, 'gateway ID exists', '网关 ID 已存在'),
  5004: t(409, 'gateway name exists', '网关名称已存在'),
  5005: t(409, 'gateway count above quota', '网关数量超出配额'),
  5006: t(400, 'gateway batch delete error', '网关批量删除错误'),
  6001: t(400, 'file signature missing', '文件签名缺失'),
  6002: t(409, 'file exists', '文件已存在'),
  6003: t(404, 'file missing', '文件不存在'),
  6004: t(400, 'file signature error', '文件签名错误'),
  /** Our own: a request body over the route's limit (the detail names it). */
  6101: t(413, 'request body too large', '请求内容过大'),
  /** Our own: a spreadsheet over an import limit (the detail names it). */
  6102: t(413, 'spreadsheet too large', '表格文件过大'),
  /** Our own: reading the spreadsheet ran out of its time or memory allowance. */
  6103: t(413, 'spreadsheet too complex to read', '表格文件过于复杂，无法读取'),
  7001: t(404, 'gateway type missing', '网关类型不存在'),
  7002: t(409, 'gateway type exists', '网关类型已存在'),
  7003: t(400, 'gateway type unsupported', '不支持的网关类型'),
  7004: t(409, 'gateway type linked to config', '网关类型已关联配置'),
  8001: t(404, 'bridge missing', 'Bridge 不存在'),
  8002: t(409, 'bridge exists', 'Bridge 已存在'),
  8003: t(400, 'bridge entry failed', 'Bridge 录入失败'),
  8004: t(400, 'bridge update failed', 'Bridge 更新失败'),
  8101: t(409, 'version used by an upgrade task that is not over', '版本正被未结束的升级任务使用'),
  9001: t(404, 'pktfwd missing', 'Pktfwd 不存在'),
  9002: t(409, 'pktfwd exists', 'Pktfwd 已存在'),
  9003: t(400, 'pktfwd entry failed', 'Pktfwd 录入失败'),
  9004: t(400, 'pktfwd update failed', 'Pktfwd 更新失败'),
  10001: t(404, 'TxLut missing', 'TxLut 不存在'),
  10002: t(409, 'TxLut exists', 'TxLut 已存在'),
  10003: t(400, 'TxLut entry failed', 'TxLut 录入失败'),
  10004: t(400, 'TxLut update failed', 'TxLut 更新失败'),
  11001: t(404, 'GlobalConf missing', 'GlobalConf 不存在'),
  11002: t(409, 'GlobalConf exists', 'GlobalConf 已存在'),
  11003: t(400, 'GlobalConf entry failed', 'GlobalConf 录入失败'),
  11004: t(400, 'GlobalConf update failed', 'GlobalConf 更新失败'),
  12001: t(404, 'gateway command missing', '网关命令不存在'),
  12002: t(500, 'gateway error', '网关错误'),
  12003: t(409, 'gateway offline', '网关离线'),
  12004: t(409, 'SDK not installed', 'SDK 未安装'),
  12005: t(200, 'preview success', '预览成功'),
  12006: t(400, 'preview failure', '预览失败'),
  12007: t(409, 'command need not run', '命令无需执行'),
  12008: t(409, 'gateway busy', '网关繁忙'),
  12101: t(504, 'the gateway did not answer in time', '网关未及时响应'),
  12102: t(413, 'log file too large to download', '日志文件过大，无法下载'),
  12103: t(409, 'command token already used on this gateway', '该网关已使用此命令令牌'),
  13001: t(403, 'licence invalid', '许可证无效'),
  13002: t(403, 'licence expired', '许可证已过期'),
  14001: t(404, 'multicast group missing', '组播组不存在'),
  14002: t(409, 'multicast group exists', '组播组已存在'),
  14003: t(409, 'multicast devAddr and nwkSKey repeated', '组播 DevAddr 与 NwkSKey 重复'),
  14004: t(409, 'multicast device count over limit', '组播设备数量超出限制'),
  14005: t(409, 'multicast group name exists', '组播组名称已存在'),
  14006: t(400, 'GenAppKey error', 'GenAppKey 错误'),
  14007: t(400, 'multicast batch delete error', '组播批量删除错误'),
  14008: t(400, 'multicast batch bind error', '组播批量绑定错误'),
  14009: t(400, 'multicast batch unbind error', '组播批量解绑错误'),
  14010: t(409, 'device already bound to this group', '设备已绑定到本组'),
  14011: t(409, 'device already bound to another group', '设备已绑定到其他组'),
  14012: t(409, 'gateway already bound to this group', '网关已绑定到本组'),
  14013: t(409, 'gateway already bound to another group', '网关已绑定到其他组'),
  14014: t(400, 'device and group mismatch', '设备与组不匹配'),
  14015: t(400, 'gateway and group mismatch', '网关与组不匹配'),
  14016: t(404, 'multicast device missing', '组播设备不存在'),
  14017: t(404, 'multicast gateway missing', '组播网关不存在'),
  14018: t(400, 'multicast auto-config not enabled', '未启用组播自动配置'),
  14019: t(400, 'multicast group ID unavailable', '组播组 ID 不可用'),
  15001: t(
    400,
    'no subpackage: the data does not fit one frame and sub-packets are off',
    '未开启分包：数据超过单帧长度',
  ),
  15002: t(400, 'parameter format error', '参数格式错误'),
  15003: t(500, 'query error', '查询错误'),
  15004: t(500, 'delete error', '删除错误'),
  15005: t(500, 'update error', '更新错误'),
  15006: t(500, 'downlink error', '下行错误'),
  15007: t(500, 'deserialization error', '反序列化错误'),
  15008: t(500, 'serialization error', '序列化错误'),
  16001: t(409, 'firmware upgrade task exists', '固件升级任务已存在'),
  16002: t(409, 'firmware upgrade task running, abort it first', '固件升级任务正在运行，请先中止'),
  16003: t(409, 'firmware upgrade task already finished', '固件升级任务已结束'),
  16004: t(404, 'firmware upgrade task missing', '固件升级任务不存在'),
  /** Our own: subnet cutover tasks (docs/product/subnet-cutover.md). */
  17001: t(404, 'subnet cutover task missing', '子网切换任务不存在'),
  17002: t(409, 'subnet cutover task name exists', '子网切换任务名称已存在'),
  17003: t(409, 'subnet cutover task already switched or over', '子网切换任务已切换或已结束'),
  17004: t(
    400,
    'the cutover interval must be shorter than the gateway or device heartbeat',
    '切换间隔必须小于网关或节点的心跳周期',
  ),
  17005: t(409, 'already a member of another open cutover task', '已是其他未结束切换任务的成员'),
  17006: t(400, 'not on the task’s current channel plan', '不在任务的当前信道计划上'),
  17007: t(409, 'subnet cutover task running, cancel it first', '子网切换任务正在执行，请先取消'),
  17008: t(404, 'not a member of this cutover task', '不是此切换任务的成员'),
  /** Our own: relay and ladtp devices (docs/product/relay.md). */
  18001: t(400, 'the device is not of the product type this call needs', '设备的产品类型不适用于此操作'),
  18002: t(409, 'the slave is already bound to this relay', '从设备已绑定到此中继'),
  18003: t(409, 'the slave is bound to another relay', '从设备已绑定到其他中继'),
  18004: t(404, 'the slave is not bound to this relay', '从设备未绑定到此中继'),
  18005: t(409, 'a request of this kind is still waiting for the device', '同类请求仍在等待设备应答'),
  18006: t(400, 'the group holds no relay', '该组播组中没有中继设备'),
  20001: t(400, 'parameter format error', '参数格式错误'),
  20002: t(500, 'query error', '查询错误'),
  20003: t(500, 'delete error', '删除错误'),
  20004: t(500, 'update error', '更新错误'),
  20005: t(500, 'downlink error', '下行错误'),
  20006: t(500, 'deserialization error', '反序列化错误'),
  20007: t(500, 'serialization error', '序列化错误'),
  20008: t(404, 'device not registered', '设备未注册'),
  20009: t(401, 'authentication failed', '认证失败'),
  20010: t(401, 'missing token', '缺少令牌'),
  20011: t(500, 'bind failed', '绑定失败'),
  20012: t(500, 'unbind failed', '解绑失败'),
  20013: t(502, 'failed to connect to the provider', '连接服务提供方失败'),
  20014: t(504, 'downlink timeout', '下行超时'),
} as const satisfies Record<number, Text>;

export type Code = keyof typeof CODES;

/** Named codes, declared apart from the texts (code-names.ts says why); each must be in the table. */
export const C = NAMED_CODES satisfies Record<string, Code>;

export function isCode(n: number): n is Code {
  return Object.hasOwn(CODES, n);
}

/** HTTP status that goes with a code (the body is always the envelope). */
export function httpStatusOf(code: number): number {
  return isCode(code) ? CODES[code].status : 500;
}

export function normalizeLocale(header: string | undefined | null): Locale {
  return header?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

export function codeText(code: number, locale: Locale): string | undefined {
  if (!isCode(code)) return undefined;
  return locale === 'zh-CN' ? CODES[code].zh : CODES[code].en;
}
