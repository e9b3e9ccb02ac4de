import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ActionIcon, Alert, Button, Group, Loader, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { normalizedBookmarks, validateBookmarks, type DocumentBookmark } from '@fsi/shared';
import { useDocumentPageQuery, useUpdateDocumentBookmarksMutation } from './DocumentPage.generated';
import { IconCheck, IconPlus, IconX } from '../../ui/icons';
import { IconBookmark, IconPencil, IconTrash } from '../../ui/documentIcons';
import { useIsPhone } from '../../ui/phone';
import { TopBar } from '../../ui/TopBar';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { documentsPath } from './DocumentCategoriesPage';
import { ContractNotAccepted, isContractAccepted, NoSuchDocument } from './DocumentStates';
import classes from './documents.module.css';

// pdfjs-dist comes with the pages, not with the list that leads here.
const PdfPages = lazy(() => import('../../ui/PdfPages').then((module) => ({ default: module.PdfPages })));

export const BOOKMARKS_NOT_SAVED_MESSAGE = 'There was an issue saving the bookmarks, please try again.';

type Mode = 'view' | 'edit' | 'saving';

/** The page number of ?page=, when it is one. */
function pageParam(value: string | null): number | undefined {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : undefined;
}

/**
 * The page that fills most of the viewport of the PDF's pages (figures #pdf-page-{n}, PdfPages.tsx): where "add a
 * bookmark" puts its bookmark. Watched once the PDF has told its page count.
 */
function useCurrentPage(pageCount: number | null, initial: number): number {
  const [current, setCurrent] = useState(initial);
  useEffect(() => {
    if (!pageCount || typeof IntersectionObserver === 'undefined') return;
    const ratios = new Map<number, number>();
    const observer = new IntersectionObserver(
      (seen) => {
        for (const entry of seen) ratios.set(Number(entry.target.id.replace('pdf-page-', '')), entry.intersectionRatio);
        let best = 0;
        let bestRatio = 0;
        for (const [page, ratio] of ratios) if (ratio > bestRatio) [best, bestRatio] = [page, ratio];
        if (best > 0) setCurrent(best);
      },
      { threshold: [0, 0.1, 0.25, 0.5, 0.75, 1] },
    );
    for (let page = 1; page <= pageCount; page += 1) {
      const figure = document.getElementById(`pdf-page-${page}`);
      if (figure) observer.observe(figure);
    }
    return () => observer.disconnect();
  }, [pageCount]);
  return current;
}

/**
 * /buildings/{buildingId}/documents/{documentId}[?page=] (inspection.md sections 2 and 4): a PDF's pages, its page
 * count and its bookmarks; a bookmark scrolls to its page and puts it in the address (?page=), so that the link
 * reopens there. Users who manage buildings edit the bookmarks with Edit, then Done (saved with updateDocument,
 * 'Saving…' meanwhile) or Cancel (the saved bookmarks back): add one at the page in view, rename, remove.
 */
export function DocumentPage() {
  const { buildingId = '', documentId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requestedPage = pageParam(params.get('page'));
  const { data, loading, error, refetch } = useDocumentPageQuery({ variables: { buildingId, documentId }, fetchPolicy: 'network-only' });
  const building = data?.building;
  const doc = data?.document;
  const viewer = data?.viewer;
  const mayEdit = Boolean(viewer && (viewer.isAdmin || viewer.permissions.canManageBuildings));
  const [shownPages, setShownPages] = useState<number | null>(null);
  const pageCount = doc?.pageCount ?? shownPages;
  const currentPage = useCurrentPage(shownPages, requestedPage ?? 1);
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState<DocumentBookmark[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [update] = useUpdateDocumentBookmarksMutation();
  const isPhone = useIsPhone();
  // The signed URL the PDF was opened from: a later answer's fresh URL must not open it again.
  const pdfUrl = useRef<{ id: string; url: string } | null>(null);
  if (doc && pdfUrl.current?.id !== doc.id) pdfUrl.current = { id: doc.id, url: doc.url };

  const bookmarks = mode === 'view' ? (doc?.bookmarks ?? []) : draft;
  const errors = showErrors ? validateBookmarks(draft, pageCount) : [];
  const errorAt = (index: number) => errors.filter((e) => e.index === index).map((e) => e.message).join(' ') || undefined;

  const goTo = (page: number) => {
    if (page === requestedPage) document.getElementById(`pdf-page-${page}`)?.scrollIntoView({ block: 'start' });
    setParams({ page: String(page) }, { replace: true });
  };

  const edit = () => {
    setDraft((doc?.bookmarks ?? []).map(({ label, page }) => ({ label, page })));
    setFailure(null);
    setShowErrors(false);
    setMode('edit');
  };
  const cancel = () => {
    setMode('view');
    setFailure(null);
    setShowErrors(false);
  };
  const done = async () => {
    if (!doc) return;
    setFailure(null);
    if (validateBookmarks(draft, pageCount).length > 0) return setShowErrors(true);
    setMode('saving');
    try {
      const result = (await update({ variables: { id: doc.id, bookmarks: normalizedBookmarks(draft) } })).data?.updateDocument;
      if (result?.document) return setMode('view');
      setFailure(result?.errors.map((e) => e.message).join(' ') || BOOKMARKS_NOT_SAVED_MESSAGE);
    } catch {
      setFailure(BOOKMARKS_NOT_SAVED_MESSAGE);
    }
    setMode('edit');
  };

  const actions = doc?.isPdf && mayEdit ? <EditActions mode={mode} compact={isPhone} onEdit={edit} onCancel={cancel} onDone={() => void done()} /> : undefined;

  const back = { label: 'Back', to: documentsPath(buildingId, doc?.category) };
  return (
    <>
      <TopBar title={doc?.name ?? 'Document'} back={back} actions={actions} />
      <div className={classes.page}>
        {error && !data && <ReportsLoadError title="The document could not be loaded" onRetry={() => void refetch()} />}
        {loading && !data && <ReportsLoading label="Loading the document" />}
        {data && !building && <NoSuchBuilding />}
        {building && !isContractAccepted(building) && <ContractNotAccepted building={building} />}
        {building && isContractAccepted(building) && !doc && data && <NoSuchDocument />}
        {doc && pdfUrl.current && (
          <div className={classes.layout}>
            <aside className={classes.sidebar} aria-labelledby="bookmarks-heading">
              <Stack gap="sm">
                <Stack gap={2}>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {building?.name} · {doc.category}
                  </Text>
                  {pageCount && (
                    <Text size="sm" fw={500}>
                      {pageCount} {pageCount === 1 ? 'page' : 'pages'}
                      {shownPages && ` · page ${currentPage} in view`}
                    </Text>
                  )}
                </Stack>
                <Title order={2} size="h5" id="bookmarks-heading">
                  {doc.isPdf ? 'Bookmarks' : 'Document'}
                </Title>
                {mode !== 'view' && (
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} />}
                    disabled={mode === 'saving' || !shownPages}
                    onClick={() => setDraft((list) => [...list, { label: `Page ${currentPage}`, page: currentPage }])}
                  >
                    Add bookmark at page {currentPage}
                  </Button>
                )}
                {doc.isPdf && bookmarks.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No bookmarks yet.{mayEdit && mode === 'view' ? ' Edit adds one at the page in view.' : ''}
                  </Text>
                )}
                {mode === 'view' && bookmarks.length > 0 && (
                  <ul className={classes.bookmarks} aria-label="Bookmarks">
                    {bookmarks.map((bookmark, index) => (
                      <li key={`${bookmark.page}-${index}`}>
                        <UnstyledButton className={classes.bookmark} onClick={() => goTo(bookmark.page)} aria-current={bookmark.page === requestedPage ? 'location' : undefined}>
                          <IconBookmark size={16} />
                          <span className={classes.bookmarkLabel}>{bookmark.label}</span>
                          <Text span size="xs" c="dimmed">
                            Page {bookmark.page}
                          </Text>
                        </UnstyledButton>
                      </li>
                    ))}
                  </ul>
                )}
                {mode !== 'view' && draft.length > 0 && (
                  <ul className={classes.bookmarks} aria-label="Bookmarks">
                    {draft.map((bookmark, index) => (
                      <li key={index}>
                        <Group gap="xs" wrap="nowrap" align="flex-start">
                          <TextInput
                            style={{ flex: 1 }}
                            label={`Bookmark at page ${bookmark.page}`}
                            size="sm"
                            maxLength={256}
                            value={bookmark.label}
                            error={errorAt(index)}
                            disabled={mode === 'saving'}
                            onChange={(event) => {
                              const label = event.currentTarget.value;
                              setDraft((list) => list.map((b, i) => (i === index ? { ...b, label } : b)));
                            }}
                          />
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="lg"
                            mt={24}
                            aria-label={`Remove bookmark ${bookmark.label || `at page ${bookmark.page}`}`}
                            disabled={mode === 'saving'}
                            onClick={() => setDraft((list) => list.filter((_, i) => i !== index))}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Group>
                      </li>
                    ))}
                  </ul>
                )}
                {mode === 'saving' && (
                  <Group gap="xs" role="status">
                    <Loader size="xs" />
                    <Text size="sm">Saving…</Text>
                  </Group>
                )}
                {failure && (
                  <Alert role="alert" color="red" variant="light">
                    {failure}
                  </Alert>
                )}
              </Stack>
            </aside>
            {/* Its own scroll: focusable so that a keyboard scrolls the pages too. */}
            <section className={classes.pages} aria-label={`${doc.name} pages`} tabIndex={0}>
              {doc.isPdf ? (
                <Suspense fallback={<ReportsLoading label={`Opening ${doc.name}`} />}>
                  <PdfPages url={pdfUrl.current.url} label={doc.name} page={requestedPage} onPageCount={setShownPages} />
                </Suspense>
              ) : (
                <Alert color="blue" variant="light" title="This document is not a PDF">
                  <a href={doc.url} target="_blank" rel="noreferrer">
                    Open {doc.name} in a new window
                  </a>
                </Alert>
              )}
            </section>
          </div>
        )}
      </div>
    </>
  );
}

type EditActionsProps = { mode: Mode; compact: boolean; onEdit(): void; onCancel(): void; onDone(): void };

/** The top bar's Edit, then Cancel and Done (inspection.md section 2); icons named by their labels where a phone's bar is narrow. */
function EditActions({ mode, compact, onEdit, onCancel, onDone }: EditActionsProps) {
  if (compact) {
    if (mode === 'view') {
      return (
        <ActionIcon size="lg" variant="default" aria-label="Edit" onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      );
    }
    return (
      <>
        <ActionIcon size="lg" variant="default" aria-label="Cancel" onClick={onCancel} disabled={mode === 'saving'}>
          <IconX size={18} />
        </ActionIcon>
        <ActionIcon size="lg" aria-label="Done" onClick={onDone} loading={mode === 'saving'}>
          <IconCheck size={18} />
        </ActionIcon>
      </>
    );
  }
  if (mode === 'view') {
    return (
      <Button size="sm" variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
        Edit
      </Button>
    );
  }
  return (
    <>
      <Button size="sm" variant="default" onClick={onCancel} disabled={mode === 'saving'}>
        Cancel
      </Button>
      <Button size="sm" onClick={onDone} loading={mode === 'saving'}>
        Done
      </Button>
    </>
  );
}
