import { type Column, eq, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Who is looking: an AuthUser, or an owner seen as a common user (`{ id: ownerId, admin: false }`). */
export interface Viewer {
  id: number;
  admin: boolean;
}

/**
 * The one ownership rule: admins see everything, a common user only its own rows. Returns the
 * condition on the row's owner column, or undefined (no condition) for an admin; drizzle's `and`
 * and `where` skip undefined.
 */
export const ownedBy = (viewer: Viewer, ownerColumn: Column | SQLWrapper): SQL | undefined =>
  viewer.admin ? undefined : eq(ownerColumn, viewer.id);

/** The same rule for a row already read: whether `viewer` may see a row owned by `ownerId`. */
export const maySee = (viewer: Viewer, ownerId: number): boolean => viewer.admin || viewer.id === ownerId;

/** An owner looking at its own rows (say, the tags a gateway of that owner may carry). */
export const asOwner = (ownerId: number): Viewer => ({ id: ownerId, admin: false });
