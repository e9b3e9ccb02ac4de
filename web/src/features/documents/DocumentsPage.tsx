import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ActionIcon, Badge, Button, Card, Center, EmptyState, FileButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { isDocumentCategory } from '@fsi/shared';
import { useDocumentsPageQuery, type DocumentListItemFragment } from './DocumentsPage.generated';
import { IconSearch } from '../../ui/icons';
import { useIsPhone } from '../../ui/phone';
import { IconFileText, IconMail, IconUpload } from '../../ui/documentIcons';
import { displayDate } from '../reports/reportDates';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { ReportPage } from '../reports/ReportPage';
import classes from '../reports/reports.module.css';
import { DocumentEmailSheet } from './DocumentEmailSheet';
import { DocumentLink } from './DocumentLink';
import { DocumentSheet } from './DocumentSheet';
import { ContractNotAccepted, isContractAccepted } from './DocumentStates';

export const DOCUMENTS_PAGE_SIZE = 25;

/**
 * /buildings/{buildingId}/documents[?category=] (inspection.md section 2, Documents): the building's documents of a
 * category (all of them without one), by name, with a search box on the name. Users who manage buildings upload
 * from the top bar: the file goes up first, then the document sheet names it. A PDF opens its bookmarks page,
 * another file opens in a new window; each document can be e-mailed.
 */
export function DocumentsPage() {
  const { buildingId = '' } = useParams();
  const [params] = useSearchParams();
  const category = params.get('category');
  const knownCategory = category && isDocumentCategory(category) ? category : null;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [chosenFile, setChosenFile] = useState<File | null>(null);
  const [emailing, setEmailing] = useState<DocumentListItemFragment | null>(null);
  const isPhone = useIsPhone();
  const { data, previousData, loading, error, refetch } = useDocumentsPageQuery({
    variables: { buildingId, category: knownCategory, search: debouncedSearch || null, page, pageSize: DOCUMENTS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    skip: Boolean(category && !knownCategory),
  });
  const shown = data ?? previousData;
  const building = shown?.building;
  const viewer = shown?.viewer;
  const mayUpload = Boolean(viewer && (viewer.isAdmin || viewer.permissions.canManageBuildings));
  const open = building ? isContractAccepted(building) : false;
  const documents = building?.documents;
  const pages = documents ? Math.max(1, Math.ceil(documents.pageInfo.totalCount / DOCUMENTS_PAGE_SIZE)) : 1;
  const title = knownCategory ?? 'Documents';

  const uploadAction = mayUpload && open && (
    <FileButton onChange={(file) => file && setChosenFile(file)}>
      {(props) =>
        // A phone's top bar has room for an icon beside the title, not a word.
        isPhone ? (
          <ActionIcon {...props} size="lg" aria-label="Upload document">
            <IconUpload size={18} />
          </ActionIcon>
        ) : (
          <Button {...props} size="sm" variant="filled" leftSection={<IconUpload size={18} />} aria-label="Upload document">
            Upload
          </Button>
        )
      }
    </FileButton>
  );

  return (
    <ReportPage
      title={title}
      back={{ label: 'Categories', to: `/buildings/${buildingId}/document-categories` }}
      buildingName={building?.name}
      actions={uploadAction || undefined}
    >
      {category && !knownCategory && (
        <Center py="xl">
          <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description={`There is no document category named ${category}.`} />
        </Center>
      )}
      {error && !shown && <ReportsLoadError title="The documents could not be loaded" onRetry={() => void refetch()} />}
      {loading && !shown && <ReportsLoading label="Loading documents" />}
      {shown && !building && <NoSuchBuilding />}
      {building && !open && <ContractNotAccepted building={building} />}
      {building && open && (
        <>
          <TextInput
            type="search"
            label="Search"
            placeholder="Search documents by name"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          {documents && documents.nodes.length === 0 && (
            <Center py="xl">
              <EmptyState icon={<IconFileText size={28} />} withIndicatorBackground title="No results found" description={mayUpload && !debouncedSearch ? 'Upload a document with the Upload button.' : undefined} />
            </Center>
          )}
          {documents && documents.nodes.length > 0 && (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                {documents.pageInfo.totalCount} {documents.pageInfo.totalCount === 1 ? 'document' : 'documents'}
              </Text>
              <ul className={classes.list} aria-label={title}>
                {documents.nodes.map((document) => (
                  <li key={document.id}>
                    <DocumentCard document={document} buildingId={buildingId} showCategory={!knownCategory} onEmail={() => setEmailing(document)} />
                  </li>
                ))}
              </ul>
              {pages > 1 && (
                <Group justify="space-between">
                  <Button variant="default" disabled={page <= 1 || loading} onClick={() => setPage((current) => current - 1)}>
                    Previous
                  </Button>
                  <Text size="sm" aria-live="polite">
                    Page {page} of {pages}
                  </Text>
                  <Button variant="default" disabled={!documents.pageInfo.hasNextPage || loading} onClick={() => setPage((current) => current + 1)}>
                    Next
                  </Button>
                </Group>
              )}
            </>
          )}
        </>
      )}
      {chosenFile && (
        <DocumentSheet
          target={{ buildingId }}
          title="New Document"
          initialFile={chosenFile}
          onClose={() => setChosenFile(null)}
          onSaved={() => setChosenFile(null)}
        />
      )}
      {emailing && <DocumentEmailSheet document={emailing} onClose={() => setEmailing(null)} />}
    </ReportPage>
  );
}

function DocumentCard({ document, buildingId, showCategory, onEmail }: { document: DocumentListItemFragment; buildingId: string; showCategory: boolean; onEmail(): void }) {
  const facts = [
    document.isPdf ? `PDF${document.pageCount ? ` · ${document.pageCount} ${document.pageCount === 1 ? 'page' : 'pages'}` : ''}` : fileKind(document.mimetype),
    `Added ${displayDate(document.createdAt) ?? ''}${document.creatorUsername ? ` by ${document.creatorUsername}` : ''}`,
  ];
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" align="flex-start">
            <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              <IconFileText size={18} style={{ flexShrink: 0, marginTop: 3 }} />
              <DocumentLink document={document} buildingId={buildingId} className={classes.reportName}>
                <Text component="span" fw={600}>
                  {document.name}
                </Text>
              </DocumentLink>
            </Group>
            {showCategory && (
              <Badge variant="light" color="gray">
                {document.category}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {facts.join(' · ')}
          </Text>
        </Stack>
        <Button size="compact-sm" variant="light" leftSection={<IconMail size={16} />} aria-label={`Email ${document.name}`} onClick={onEmail} style={{ flexShrink: 0 }}>
          Email
        </Button>
      </Group>
    </Card>
  );
}

/** A short name of a file's type for the list: 'Word document', 'Image'. */
function fileKind(mimetype: string): string {
  if (mimetype.startsWith('image/')) return 'Image';
  if (mimetype.includes('word')) return 'Word document';
  if (mimetype.includes('sheet') || mimetype.includes('excel')) return 'Spreadsheet';
  if (mimetype.includes('presentation') || mimetype.includes('powerpoint')) return 'Presentation';
  return 'File';
}
