import { describe, expect, it } from 'vitest';
import type { RegionResource } from '../../rest-types';
import { rootsOf } from './loaders';
import { toRegion } from './model';

function region(id: string, name: string, parentId: number | null, level: number): RegionResource {
  return {
    type: 'regions',
    id,
    attributes: { name, organizationId: 1, parentId, parentIds: [], level, children_ids: [], isDeletable: false, version: 1, cycleOverrides: [] },
    relationships: {
      organization: { data: { type: 'organizations', id: '1' } },
      parent: { data: parentId === null ? null : { type: 'regions', id: String(parentId) } },
      children: { data: [] },
    },
  };
}

describe('roots of the visible regions', () => {
  it('are the top-level regions for a user who sees the whole organization, by name', () => {
    const regions = [region('1', 'West', null, 0), region('2', 'East', null, 0), region('3', 'Harbour', 2, 1)];
    expect(rootsOf(regions.map(toRegion)).map((r) => r.name)).toEqual(['East', 'West']);
  });

  it('are the region of a region user, whose parent they cannot see', () => {
    const regions = [region('3', 'Harbour', 2, 1), region('4', 'Pier 4', 3, 2)];
    expect(rootsOf(regions.map(toRegion)).map((r) => r.id)).toEqual(['3']);
  });
});
