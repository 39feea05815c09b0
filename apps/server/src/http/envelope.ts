import type { Envelope } from '@lns/contract/envelope';

export const ok = <T>(data?: T): Envelope<T> => (data === undefined ? { code: 0 } : { code: 0, data });
export const list = <T>(data: T[], amount: number) => ({ code: 0, amount, data });
