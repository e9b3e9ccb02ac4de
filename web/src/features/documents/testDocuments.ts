/** Answers of the documents operations as the gateway sends them, for the documents screens' tests. */
export function aBuilding(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Building' as const,
    id: '11',
    name: 'King Street Tower',
    contractUrl: '/files/contract.pdf',
    contractAcceptedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function aDocument(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Document' as const,
    id: '31',
    name: 'Evacuation Plan',
    category: 'Fire Safety Plan',
    url: 'http://localhost/signed-files/31?sig=abc',
    mimetype: 'application/pdf',
    isPdf: true,
    pageCount: 4,
    createdAt: '2026-03-09T14:00:00.000Z',
    creatorUsername: 'manager',
    bookmarks: [] as { __typename: 'DocumentBookmark'; label: string; page: number }[],
    failureItemKind: null,
    failureItemId: null,
    ...overrides,
  };
}

export function aBookmark(label: string, page: number) {
  return { __typename: 'DocumentBookmark' as const, label, page };
}

export function aConnection(nodes: unknown[], totalCount = nodes.length, page = 1) {
  return {
    __typename: 'DocumentConnection' as const,
    nodes,
    pageInfo: { __typename: 'PageInfo' as const, page, pageSize: 25, totalCount, hasNextPage: page * 25 < totalCount },
  };
}
