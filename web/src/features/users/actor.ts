import type { Actor, Permissions } from '@fsi/shared';
import type { PeopleViewerQuery } from './Users.generated';

type Viewer = NonNullable<PeopleViewerQuery['viewer']>;

/** The signed-in user as the section 6 rules of @fsi/shared see them (flags the query did not ask for are off). */
export function actorOf(viewer: Viewer): Actor {
  const flags = Object.fromEntries(Object.entries(viewer.permissions).filter(([key]) => key !== '__typename'));
  return { isAdmin: viewer.isAdmin, userId: Number(viewer.id), regionId: viewer.region ? Number(viewer.region.id) : null, permissions: flags as unknown as Permissions };
}

/** Users, user edit, roles and role edit (section 6 guards): administrators, and the users of the organization. */
export const isOfOrganization = (viewer: Viewer, organizationId: string) => viewer.isAdmin || viewer.organization?.id === organizationId;
