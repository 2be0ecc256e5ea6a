/**
 * A share link's reach, read in place of a signed-in user: one tenant's shown OLTs, all of them or the
 * listed ones. No user, so no OLT permissions to look up.
 */
export interface SharedOltScope {
  kind: 'share';
  tenantId: string;
  /** The link's OLTs; null for every OLT of the tenant (those added later too). */
  oltIds: string[] | null;
}
