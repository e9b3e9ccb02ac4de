/**
 * A building big enough to measure walkabouts at scale (bench/walkabouts.bench.ts): one
 * non-repeating cycle and one equipment type with `tasks` tasks of it, at `locations` locations
 * spread over floors of 25. A walkabout of that cycle has locations × tasks conditions.
 */
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { locationUuid } from './uuid';

export type LargeBuilding = { buildingId: number; cycleId: number; organizationId: number };

export async function seedLargeBuilding(db: Database, organizationId: number, size: { locations: number; tasks: number }): Promise<LargeBuilding> {
  const [building] = await db
    .insert(t.buildings)
    // Its contract accepted, as the test seed's buildings have: without one, its walkabouts are refused (409, issue 11).
    .values({ organizationId, name: `Large Building ${size.locations}x${size.tasks}`, timeZone: 'America/Toronto', contractAcceptedAt: new Date('2026-01-01T12:00:00.000Z') })
    .returning({ id: t.buildings.id });
  const [cycle] = await db
    .insert(t.cycles)
    .values({ organizationId, name: `Large Survey ${building!.id}`, abbreviation: 'LS' })
    .returning({ id: t.cycles.id });
  const [type] = await db
    .insert(t.equipmentTypes)
    .values({ organizationId, name: `Survey Point ${building!.id}`, aliasName: 'SP' })
    .returning({ id: t.equipmentTypes.id });
  await db.insert(t.tasks).values(
    Array.from({ length: size.tasks }, (_, i) => ({
      organizationId,
      equipmentTypeId: type!.id,
      cycleId: cycle!.id,
      label: `Check ${i + 1}`,
      type: 'boolean' as const,
      typeSatisfactoryValue: 'true',
      typeUnsatisfactoryValue: 'false',
      order: i,
    })),
  );
  const floorCount = Math.ceil(size.locations / 25);
  const floorRows = await db
    .insert(t.floors)
    .values(Array.from({ length: floorCount }, (_, i) => ({ buildingId: building!.id, name: `Level ${i + 1}`, order: i })))
    .returning({ id: t.floors.id });
  const locationRows = await db
    .insert(t.locations)
    .values(
      Array.from({ length: size.locations }, (_, i) => ({
        buildingId: building!.id,
        floorId: floorRows[Math.floor(i / 25)]!.id,
        name: `Point ${i + 1}`,
        order: i % 25,
        regularUuid: locationUuid(),
      })),
    )
    .returning({ id: t.locations.id });
  await db.insert(t.locationEquipment).values(locationRows.map((l) => ({ locationId: l.id, equipmentTypeId: type!.id })));
  return { buildingId: building!.id, cycleId: cycle!.id, organizationId };
}
