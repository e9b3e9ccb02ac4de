import { aViewer } from '../../test/builders';

export const admin = aViewer({ id: '1', username: 'admin', isAdmin: true });
export const building = { __typename: 'Building' as const, id: '11', name: 'King Street Tower' };

type LocationOverrides = Partial<{
  id: string;
  name: string;
  label: string | null;
  hint: string | null;
  floorName: string;
  aliasIds: number[];
  regularUuid: string;
  temporaryUuid: string | null;
}>;

export function aLocation({ id = '21', ...fields }: LocationOverrides = {}) {
  const regularUuid = fields.regularUuid ?? `00000000-0000-4000-8000-0000000000${id.padStart(2, '0')}`;
  const active = fields.temporaryUuid ?? regularUuid;
  return {
    __typename: 'Location' as const,
    id,
    name: 'Main Lobby',
    label: null,
    hint: null,
    floorName: 'Ground',
    aliasIds: [],
    regularUuid,
    temporaryUuid: null,
    universalLink: `https://inspect.example.com/q/${active}`,
    qrImageUrl: `/qr-code-images/${active}?signature=abc`,
    ...fields,
  };
}

export function aPage(totalCount: number, page = 1, pageSize = 50) {
  return { __typename: 'PageInfo' as const, page, pageSize, totalCount, hasNextPage: page * pageSize < totalCount };
}

export function anUnassignedCode(uuid: string, createdAt = '2026-03-09T14:30:00Z') {
  return {
    __typename: 'UnassignedQrCode' as const,
    id: uuid,
    uuid,
    universalLink: `https://inspect.example.com/q/${uuid}`,
    qrImageUrl: `/qr-code-images/${uuid}?signature=abc`,
    createdAt,
    organizationId: '1',
  };
}

export function aSheet(downloadUrl = '/signed-files/qr-codes.pdf?signature=abc') {
  return { __typename: 'QrCodeSheet' as const, downloadUrl, filename: 'qr-codes.pdf', codeCount: 2, pageCount: 1 };
}

export const fieldError = (field: string | null, message: string, code = 'VALIDATION_FAILED') => ({ __typename: 'FieldError' as const, field, message, code });
