import { ApiError } from '../lib/http';
import { refusalText } from '../lib/refusal';
import { type DeleteResult, failureReason } from './DeleteDialog';

/** The refusals a batch delete names (`data.failed: [{id, code, reason}]`), in words of their code. */
const failedRefusals = (e: unknown): Map<string, string> => {
  const failed =
    (e instanceof ApiError && (e.envelope?.data as { failed?: { id: string; code: number }[] })?.failed) || [];
  return new Map(failed.map((f) => [f.id, refusalText({ code: f.code })]));
};

/**
 * A batch delete that is all or nothing: on an error every item failed, the refused ones with
 * their own reason, the rest with the error's.
 */
export async function deleteAllOrNothing<T>(
  items: T[],
  o: { call: (items: T[]) => Promise<unknown>; id: (item: T) => string; refused?: (e: unknown) => Map<string, string> },
): Promise<DeleteResult<T>> {
  try {
    await o.call(items);
    return { deleted: items, failed: [] };
  } catch (e) {
    const reasons = (o.refused ?? failedRefusals)(e);
    const reason = failureReason(e);
    return { deleted: [], failed: items.map((item) => ({ item, reason: reasons.get(o.id(item)) ?? reason })) };
  }
}

/** Deletes one call per item, in order; each item reports its own result. */
export async function deleteOneByOne<T>(items: T[], call: (item: T) => Promise<unknown>): Promise<DeleteResult<T>> {
  const result: DeleteResult<T> = { deleted: [], failed: [] };
  for (const item of items) {
    try {
      await call(item);
      result.deleted.push(item);
    } catch (e) {
      result.failed.push({ item, reason: failureReason(e) });
    }
  }
  return result;
}
