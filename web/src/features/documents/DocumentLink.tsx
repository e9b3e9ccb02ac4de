import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useApolloClient } from '@apollo/client';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { OpenDocumentUrlDocument, type OpenDocumentUrlQuery, type OpenDocumentUrlQueryVariables } from './DocumentsPage.generated';
import { IconExternalLink } from '../../ui/icons';

type LinkedDocument = { id: string; url: string; isPdf: boolean; building?: { id: string } | null };

/** Where a document opens in the app: a PDF's bookmarks page (inspection.md section 2). */
export function documentPath(buildingId: string, documentId: string, page?: number): string {
  return `/buildings/${buildingId}/documents/${documentId}${page ? `?page=${page}` : ''}`;
}

type DocumentLinkProps = {
  document: LinkedDocument;
  buildingId: string;
  children: ReactNode;
  className?: string;
};

/**
 * A document as a link: a PDF opens its bookmarks page, any other file opens by itself in a new window. A file's
 * signed URL lives a few minutes, so the new window is opened at once (a pop-up blocker allows it only during the
 * click) and sent to a fresh URL asked for then; the list's own URL is the link's address for a middle click.
 */
export function DocumentLink({ document, buildingId, children, className }: DocumentLinkProps) {
  const client = useApolloClient();
  const [failed, setFailed] = useState(false);
  if (document.isPdf) {
    return (
      <Anchor component={Link} to={documentPath(buildingId, document.id)} className={className}>
        {children}
      </Anchor>
    );
  }

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setFailed(false);
    const opened = window.open('', '_blank');
    if (!opened) return void window.open(document.url, '_blank', 'noopener,noreferrer');
    opened.opener = null;
    client
      .query<OpenDocumentUrlQuery, OpenDocumentUrlQueryVariables>({ query: OpenDocumentUrlDocument, variables: { id: document.id }, fetchPolicy: 'network-only' })
      .then(({ data }) => {
        const url = data.document?.url;
        if (!url) throw new Error('no document');
        opened.location.href = url;
      })
      .catch(() => {
        opened.close();
        setFailed(true);
      });
  };

  return (
    <>
      <Anchor href={document.url} target="_blank" rel="noreferrer" onClick={open} className={className}>
        {children}
        <IconExternalLink size={14} style={{ marginInlineStart: 4, verticalAlign: 'text-bottom' }} />
        <VisuallyHidden> (opens in a new window)</VisuallyHidden>
      </Anchor>
      {failed && (
        <Text role="alert" size="xs" c="red">
          The document could not be opened. Please try again.
        </Text>
      )}
    </>
  );
}
