import type { ConditionDraft } from './drafts';

/** A boolean condition marked satisfactory on the device and not saved yet, as the walkabout screen writes it (tests only). */
export function aConditionDraft(id: string, overrides: Partial<ConditionDraft> = {}): ConditionDraft {
  return {
    id,
    kind: 'BOOLEAN',
    value: true,
    remarks: null,
    photoUrl: null,
    photoMimetype: null,
    photoId: null,
    hasSatisfactoryRemarks: false,
    editedVia: 'tap',
    editedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}
