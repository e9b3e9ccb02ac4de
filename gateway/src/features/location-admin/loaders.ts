/**
 * Manage Locations over REST (issue 12; admin-organizations-buildings.md section 7): the spec's calls, their payload
 * keys included, behind typed GraphQL inputs. A location is named to the backend by its uuids, so the mutations read
 * the locations they change first (one batched GET /locations?filter[id]=…).
 */
import DataLoader from 'dataloader';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { LocationResource, RestBody, RestRoute } from '../../rest-types';
import type { LocationLoaders } from '../locations/loaders';

export type SecondaryDataValueInput = { key: string; stringValue?: string | null; numberValue?: number | null; booleanValue?: boolean | null };
export type LocationEquipmentInput = { equipmentId: string; secondaryData?: SecondaryDataValueInput[] | null };
export type LocationResult = { location: LocationResource | null; errors: FieldErrorRecord[] };
export type LocationsResult = { locations: LocationResource[]; errors: FieldErrorRecord[] };
export type DeleteResult = { deletedLocationId: string | null; errors: FieldErrorRecord[] };

const noSuch = (what: string, field = 'id'): FieldErrorRecord => ({ field, message: `There is no such ${what}.`, code: 'NOT_FOUND' });

/** The REST body's names of the fields, as the GraphQL inputs call them. */
const fieldNames: Record<string, string> = {
  location_name: 'name',
  location_hint: 'hint',
  building_floor_id: 'floorId',
  relations: 'equipment',
  equipments_on_locations_attributes: 'equipment',
  equipment_id: 'equipment',
  building_id: 'buildingId',
  uuid: 'id',
};
const renamed = (errors: FieldErrorRecord[]) => errors.map((e) => ({ ...e, field: e.field ? (fieldNames[e.field] ?? e.field) : e.field }));

/** One equipment's secondary data as the backend's metadata map: each field's one value (null clears it). */
export function toMetadata(values: SecondaryDataValueInput[]): Record<string, string | number | boolean | null> {
  return Object.fromEntries(values.map((v) => [v.key, v.stringValue ?? v.numberValue ?? v.booleanValue ?? null]));
}

/** The metadata map as GraphQL values, in the map's order. */
export function fromMetadata(metadata: Record<string, string | number | boolean | null>) {
  return Object.entries(metadata)
    .filter(([, value]) => value !== null)
    .map(([key, value]) => ({
      key,
      stringValue: typeof value === 'string' ? value : null,
      numberValue: typeof value === 'number' ? value : null,
      booleanValue: typeof value === 'boolean' ? value : null,
    }));
}

export function createLocationAdminLoaders(rest: RestClient, locations: LocationLoaders) {
  /** Runs a change: 409 and 422 (and 404 for what is out of scope) as payload errors with the input's field names. */
  async function change<T>(call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T, what: string): Promise<T> {
    try {
      return await withPayloadErrors(call, (errors) => failed(renamed(errors)));
    } catch (error) {
      if (error instanceof RestError && error.status === 404) return failed([noSuch(what)]);
      throw error;
    }
  }
  /** The answer's locations replace what this request read of them. */
  const saved = (records: LocationResource[]) => {
    for (const record of records) locations.byId.clear(record.id).prime(record.id, record);
    return records;
  };
  /** The locations the moves name, or the payload error of the first that does not exist. */
  async function named(ids: string[]) {
    const found = await Promise.all(ids.map((id) => (isRestId(id) ? locations.byId.load(id) : null)));
    const missing = found.findIndex((l) => !l);
    return { found: found as LocationResource[], missing: missing === -1 ? null : ids[missing]! };
  }

  return {
    equipmentStates: new DataLoader<string, RestBody<'/buildings/{buildingId}/equipment-states'>['data']>((buildingIds) =>
      Promise.all(
        buildingIds.map(async (id) =>
          isRestId(id) ? (await rest.get<RestBody<'/buildings/{buildingId}/equipment-states'>>(`/buildings/${id}/equipment-states`)).data : [],
        ),
      ),
    ),
    equipmentChoices: new DataLoader<string, RestBody<'/buildings/{buildingId}/equipment-choices'>['data']>((buildingIds) =>
      Promise.all(
        buildingIds.map(async (id) =>
          isRestId(id) ? (await rest.get<RestBody<'/buildings/{buildingId}/equipment-choices'>>(`/buildings/${id}/equipment-choices`)).data : [],
        ),
      ),
    ),

    /** POST /locations/batch with one location. */
    create(input: { buildingId: string; floorId?: string | null; name: string; hint?: string | null; equipment: LocationEquipmentInput[] }): Promise<LocationResult> {
      const failed = (errors: FieldErrorRecord[]): LocationResult => ({ location: null, errors });
      if (!isRestId(input.buildingId)) return Promise.resolve(failed([noSuch('building', 'buildingId')]));
      if (input.floorId && !isRestId(input.floorId)) return Promise.resolve(failed([noSuch('floor', 'floorId')]));
      if (input.equipment.some((e) => !isRestId(e.equipmentId))) return Promise.resolve(failed([noSuch('equipment', 'equipment')]));
      const floor = input.floorId ? Number(input.floorId) : null;
      return change(
        async () => {
          const document = await rest.post<RestRoute<'/locations/batch', 'post'>>('/locations/batch', {
            building_id: Number(input.buildingId),
            locations_attributes: [
              {
                name: input.name,
                hint: input.hint ?? null,
                building_floor_id: floor,
                relations: input.equipment.map((e) => ({ building_floor_id: floor, equipment_id: Number(e.equipmentId) })),
                metadata: Object.fromEntries(input.equipment.filter((e) => e.secondaryData?.length).map((e) => [e.equipmentId, toMetadata(e.secondaryData!)])),
              },
            ],
          });
          return { location: saved(document.data)[0] ?? null, errors: [] };
        },
        failed,
        'building',
      );
    },

    /** PUT /locations/batch: the location named by its uuids, on the version it was loaded at. */
    async update(id: string, input: { version: number; name: string; hint?: string | null; equipment: LocationEquipmentInput[] }): Promise<LocationResult> {
      const failed = (errors: FieldErrorRecord[]): LocationResult => ({ location: null, errors });
      const { found, missing } = await named([id]);
      if (missing) return failed([noSuch('location')]);
      if (input.equipment.some((e) => !isRestId(e.equipmentId))) return failed([noSuch('equipment', 'equipment')]);
      const location = found[0]!;
      return change(
        async () => {
          const document = await rest.put<RestRoute<'/locations/batch', 'put'>>('/locations/batch', {
            building_id: location.attributes.buildingId,
            uuids: { uuid: location.attributes.regularUuid, temporary_uuid: location.attributes.temporaryUuid },
            location_name: input.name,
            location_hint: input.hint ?? null,
            version: input.version,
            equipments_on_locations_attributes: input.equipment.map((e) => ({
              equipment_id: Number(e.equipmentId),
              ...(e.secondaryData ? { metadata: toMetadata(e.secondaryData) } : {}),
            })),
          });
          return { location: saved([document.data])[0]!, errors: [] };
        },
        failed,
        'location',
      );
    },

    /** DELETE /locations/{id}. */
    async remove(id: string): Promise<DeleteResult> {
      const failed = (errors: FieldErrorRecord[]): DeleteResult => ({ deletedLocationId: null, errors });
      if (!isRestId(id)) return failed([noSuch('location')]);
      return change(
        async () => {
          await rest.delete(`/locations/${id}`);
          locations.byId.clear(id);
          return { deletedLocationId: id, errors: [] };
        },
        failed,
        'location',
      );
    },

    /** PUT /locations/order/batch/ with the changed locations only. */
    async reorder(buildingId: string, moves: Array<{ id: string; order: number; version: number }>): Promise<LocationsResult> {
      const failed = (errors: FieldErrorRecord[]): LocationsResult => ({ locations: [], errors });
      if (!isRestId(buildingId)) return failed([noSuch('building', 'buildingId')]);
      const { found, missing } = await named(moves.map((m) => m.id));
      if (missing) return failed([noSuch('location')]);
      return change(
        async () => {
          const document = await rest.put<RestRoute<'/locations/order/batch/', 'put'>>('/locations/order/batch/', {
            building_id: Number(buildingId),
            locations: moves.map((m, i) => ({ order: m.order, uuid: found[i]!.attributes.regularUuid, temporary_uuid: found[i]!.attributes.temporaryUuid, version: m.version })),
          });
          return { locations: saved(document.data), errors: [] };
        },
        failed,
        'building',
      );
    },

    /** PUT /locations/type-order/batch/ with the changed equipment only. */
    async reorderEquipment(buildingId: string, moves: Array<{ locationId: string; equipmentId: string; typeOrder: number; version: number }>): Promise<LocationsResult> {
      const failed = (errors: FieldErrorRecord[]): LocationsResult => ({ locations: [], errors });
      if (!isRestId(buildingId)) return failed([noSuch('building', 'buildingId')]);
      if (moves.some((m) => !isRestId(m.equipmentId))) return failed([noSuch('equipment', 'equipment')]);
      const { found, missing } = await named(moves.map((m) => m.locationId));
      if (missing) return failed([noSuch('location')]);
      return change(
        async () => {
          const document = await rest.put<RestRoute<'/locations/type-order/batch/', 'put'>>('/locations/type-order/batch/', {
            building_id: Number(buildingId),
            equipments_on_locations: moves.map((m, i) => ({
              type_order: m.typeOrder,
              uuid: found[i]!.attributes.regularUuid,
              temporary_uuid: found[i]!.attributes.temporaryUuid,
              equipment_id: Number(m.equipmentId),
              version: m.version,
            })),
          });
          return { locations: saved(document.data), errors: [] };
        },
        failed,
        'building',
      );
    },
  };
}

export type LocationAdminLoaders = ReturnType<typeof createLocationAdminLoaders>;
