import { useState } from 'react';
import { Button, Group, List, Text } from '@mantine/core';
import type { FailureItemActionsFragment } from './FailureItem.generated';
import { displayDate, displayDateTime } from './reportDates';
import { AcknowledgeSheet, CommentSheet, RepairSheet } from './FailureItemSheets';
import { DocumentLink } from '../documents/DocumentLink';
import { DocumentSheet } from '../documents/DocumentSheet';

export type FailureItemPermissions = { canAcknowledge: boolean; canComment: boolean; canRepair: boolean; canDocument?: boolean };

/** The Acknowledged column of an item: 'March 10, 2026 by manager' and the notes, from its follow-up (so it follows an acknowledgement). */
export function AcknowledgedCell({ item }: { item: FailureItemActionsFragment }) {
  const { followUp } = item;
  if (followUp.state === 'UNACKNOWLEDGED' || !followUp.acknowledgedAt) return null;
  return (
    <>
      <Text size="sm">{[displayDate(followUp.acknowledgedAt), followUp.acknowledgedUsername && `by ${followUp.acknowledgedUsername}`].filter(Boolean).join(' ')}</Text>
      {followUp.acknowledgedNotes && <Text size="sm">{followUp.acknowledgedNotes}</Text>}
    </>
  );
}

/** The Comments column: each comment's body, creator and date, oldest first. */
export function CommentsCell({ item }: { item: FailureItemActionsFragment }) {
  if (item.comments.length === 0) return null;
  return (
    <List size="sm" spacing={4} listStyleType="none" aria-label="Comments">
      {item.comments.map((comment) => (
        <List.Item key={comment.id}>
          {comment.body}
          <Text span size="xs" c="dimmed" display="block">
            {[comment.creatorUsername, displayDateTime(comment.createdAt)].filter(Boolean).join(' · ')}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** The Documents column: each document of the item as a link (a PDF to its bookmarks page, another file in a new window). */
export function DocumentsCell({ item, buildingId }: { item: FailureItemActionsFragment; buildingId: string }) {
  if (item.documents.length === 0) return null;
  return (
    <List size="sm" spacing={4} listStyleType="none" aria-label="Documents">
      {item.documents.map((document) => (
        <List.Item key={document.id}>
          <DocumentLink document={document} buildingId={buildingId}>
            {document.name}
          </DocumentLink>
        </List.Item>
      ))}
    </List>
  );
}

type ActionsProps = {
  item: FailureItemActionsFragment;
  label: string;
  permissions: FailureItemPermissions;
  reportId: string;
  buildingId: string;
  timeZone: string;
};

/**
 * A failure or notes item's actions by permission (inspection.md sections 4 and 6): Acknowledge while it is
 * unacknowledged, Add Comment once acknowledged, Add Document (the failure report document sheet, issue 10),
 * Close (repaired: it leaves the report).
 */
export function FailureItemActions({ item, label, permissions, reportId, buildingId, timeZone }: ActionsProps) {
  const [sheet, setSheet] = useState<'acknowledge' | 'comment' | 'document' | 'repair' | null>(null);
  const acknowledged = item.followUp.state === 'ACKNOWLEDGED';
  const sheetProps = { item, label, reportId, buildingId, timeZone, onClose: () => setSheet(null) };
  return (
    <>
      <Group gap={6} wrap="wrap">
        {permissions.canAcknowledge && !acknowledged && (
          <Button size="compact-sm" variant="light" aria-label={`Acknowledge ${label}`} onClick={() => setSheet('acknowledge')}>
            Acknowledge
          </Button>
        )}
        {permissions.canComment && acknowledged && (
          <Button size="compact-sm" variant="light" aria-label={`Add Comment ${label}`} onClick={() => setSheet('comment')}>
            Add Comment
          </Button>
        )}
        {permissions.canDocument && (
          <Button size="compact-sm" variant="light" aria-label={`Add Document ${label}`} onClick={() => setSheet('document')}>
            Add Document
          </Button>
        )}
        {permissions.canRepair && (
          <Button size="compact-sm" variant="default" aria-label={`Close ${label}`} onClick={() => setSheet('repair')}>
            Close
          </Button>
        )}
      </Group>
      {sheet === 'acknowledge' && <AcknowledgeSheet {...sheetProps} />}
      {sheet === 'comment' && <CommentSheet {...sheetProps} />}
      {sheet === 'repair' && <RepairSheet {...sheetProps} />}
      {sheet === 'document' && (
        <DocumentSheet target={{ failureItem: item }} title="Add Document" subtitle={label} onClose={() => setSheet(null)} onSaved={() => setSheet(null)} />
      )}
    </>
  );
}
