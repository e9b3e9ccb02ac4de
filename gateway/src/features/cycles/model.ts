import { occurrenceText } from '@fsi/shared';
import type { Cycle } from '../../generated/resolvers';
import type { PlainFields } from '../../models';
import type { CycleResource } from '../../rest-types';

/** A cycle as GraphQL serves it (models.ts). */
export type CycleModel = PlainFields<Cycle, 'id' | 'name' | 'abbreviation' | 'frequency' | 'every' | 'start' | 'occurrence' | 'isDeletable' | 'version'> & {
  organizationId: string;
};

export function toCycle(cycle: CycleResource): CycleModel {
  const attributes = cycle.attributes;
  return {
    id: cycle.id,
    name: attributes.name,
    abbreviation: attributes.abbreviation,
    frequency: attributes.frequency,
    every: attributes.every,
    start: attributes.start,
    occurrence: occurrenceText(attributes.frequency, attributes.every),
    isDeletable: attributes.isDeletable,
    version: attributes.version,
    organizationId: cycle.relationships.organization.data.id,
  };
}
