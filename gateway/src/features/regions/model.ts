import type { Region } from '../../generated/resolvers';
import type { PlainFields } from '../../models';
import type { RegionResource } from '../../rest-types';

/** A region as GraphQL serves it (models.ts). */
export type RegionModel = PlainFields<Region, 'id' | 'name' | 'level' | 'isDeletable' | 'version' | 'ancestorIds'> & {
  organizationId: string;
  parentId: string | null;
  /** Its direct sub-regions, as REST lists them (`relationships.children`). */
  childIds: string[];
};

export function toRegion(region: RegionResource): RegionModel {
  return {
    id: region.id,
    name: region.attributes.name,
    level: region.attributes.level,
    isDeletable: region.attributes.isDeletable,
    version: region.attributes.version,
    ancestorIds: region.attributes.parentIds.map(String),
    organizationId: region.relationships.organization.data.id,
    parentId: region.relationships.parent.data?.id ?? null,
    childIds: region.relationships.children.data.map((child) => child.id),
  };
}
