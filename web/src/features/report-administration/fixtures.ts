/** Response objects of the report administration operations, as the gateway sends them. */
export const aDefinition = (fields: { id: string; name: string; isActive?: boolean; buildingNames?: string[]; regionId?: string | null }) => ({
  __typename: 'ReportDefinition' as const,
  isActive: true,
  buildingNames: [] as string[],
  regionId: null as string | null,
  ...fields,
});

export const aBooklet = (fields: { id: string; name: string; isActive?: boolean; regionId?: string | null }) => ({
  __typename: 'ReportBookletTemplate' as const,
  isActive: true,
  regionId: null as string | null,
  ...fields,
});

export const fieldErrors = (errors: { field: string | null; message: string; code: string }[]) => errors.map((error) => ({ __typename: 'FieldError', ...error }));

export const weekly = { __typename: 'Cycle' as const, id: '3', name: 'Weekly', frequency: 'WEEKLY' };
export const monthly = { __typename: 'Cycle' as const, id: '4', name: 'Monthly', frequency: 'MONTHLY' };

export const extinguisher = {
  __typename: 'ReportEquipment' as const,
  id: '21',
  name: 'Portable Fire Extinguisher',
  conditions: [
    { __typename: 'ReportEquipmentCondition' as const, id: '201', label: 'Pressure gauge in green', groupName: 'Extinguishers' },
    { __typename: 'ReportEquipmentCondition' as const, id: '202', label: 'Pin and seal intact', groupName: 'Extinguishers' },
  ],
  allLocationsGroupNames: ['Extinguishers'],
};

export function aFullDefinition(overrides: Record<string, unknown> = {}) {
  return {
    ...aDefinition({ id: '9', name: 'Monthly Fire Safety Inspection', buildingNames: ['King Street Commerce Centre'] }),
    templateName: 'default',
    previousWalkaboutsCount: 2,
    generateReport: true,
    cycleFrequency: 'MONTHLY',
    organizationId: '1',
    version: 4,
    cycle: { __typename: 'Cycle' as const, id: '4', name: 'Monthly' },
    sections: [
      {
        __typename: 'ReportSection' as const,
        equipmentId: '21',
        detail: 'CONDITION',
        title: 'Extinguishers',
        includeMetadata: true,
        pageBreakAfter: true,
        applicableEquipmentConditionIds: ['201', '202'],
        applicableEquipmentIds: [],
        applicableGroupNames: [],
      },
    ],
    ...overrides,
  };
}
