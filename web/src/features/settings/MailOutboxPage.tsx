import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Center, Container, EmptyState, Group, List, Stack, Text } from '@mantine/core';
import { useMailOutboxPageQuery, type MailOutboxPageQuery } from './MailOutboxPage.generated';
import { useSettingsViewerQuery } from './SettingsPage.generated';
import type { MailStatus } from '../../generated/schema';
import { TopBar } from '../../ui/TopBar';
import { IconMailCheck } from '../../ui/icons';
import { displayDateTime } from '../reports/reportDates';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { AdministratorsOnly } from './SettingsPage';

export const OUTBOX_PAGE_SIZE = 25;

type Message = MailOutboxPageQuery['mailOutbox']['nodes'][number];

const STATUS: Record<MailStatus, { label: string; color: string }> = {
  QUEUED: { label: 'Not sent', color: 'gray' },
  SENT: { label: 'Sent', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
};

/**
 * /settings/mail-outbox (issue 10 point 6): every e-mail the product wrote, newest first, for administrators. Without
 * SMTP_URL messages are never sent and this is where they are read; with it, it shows what was sent and what failed
 * (with the error, while delivery is retried). Each message opens to its body and its attachments, each a link that opens the file.
 */
export function MailOutboxPage() {
  const viewer = useSettingsViewerQuery();
  const isAdmin = viewer.data?.viewer.isAdmin ?? false;
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useMailOutboxPageQuery({
    variables: { page, pageSize: OUTBOX_PAGE_SIZE },
    skip: !isAdmin,
    fetchPolicy: 'cache-and-network',
  });
  const outbox = data?.mailOutbox;
  const pages = outbox ? Math.max(1, Math.ceil(outbox.pageInfo.totalCount / OUTBOX_PAGE_SIZE)) : 1;

  return (
    <>
      <TopBar title="Mail Outbox" back={{ label: 'Settings', to: '/settings' }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewer.loading && !viewer.data && <ReportsLoading label="Loading the mail outbox" />}
          {viewer.data && !isAdmin && <AdministratorsOnly />}
          {isAdmin && error && !outbox && <ReportsLoadError title="The mail outbox could not be loaded" onRetry={() => void refetch()} />}
          {isAdmin && loading && !outbox && <ReportsLoading label="Loading the mail outbox" />}
          {outbox && outbox.nodes.length === 0 && (
            <Center py="xl">
              <EmptyState icon={<IconMailCheck size={28} />} withIndicatorBackground title="No messages yet" description="E-mails the product writes (reports, password resets, reminders) appear here." />
            </Center>
          )}
          {outbox && outbox.nodes.length > 0 && (
            <>
              <Text size="sm" c="dimmed">
                {outbox.pageInfo.totalCount} {outbox.pageInfo.totalCount === 1 ? 'message' : 'messages'}, newest first
              </Text>
              <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Messages">
                {outbox.nodes.map((message) => (
                  <li key={message.id}>
                    <MessageCard message={message} />
                  </li>
                ))}
              </Stack>
              {pages > 1 && (
                <Group justify="space-between">
                  <Button variant="default" disabled={page <= 1 || loading} onClick={() => setPage((current) => current - 1)}>
                    Newer
                  </Button>
                  <Text size="sm" aria-live="polite">
                    Page {page} of {pages}
                  </Text>
                  <Button variant="default" disabled={!outbox.pageInfo.hasNextPage || loading} onClick={() => setPage((current) => current + 1)}>
                    Older
                  </Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}

function MessageCard({ message }: { message: Message }) {
  const status = STATUS[message.status];
  return (
    <Card withBorder radius="md" padding="md">
      <details>
        <summary style={{ cursor: 'pointer' }}>
          {/* A summary holds phrasing content only: spans laid out as blocks. */}
          <Stack component="span" gap={4} style={{ display: 'inline-flex', verticalAlign: 'top', width: 'calc(100% - 1.5em)' }}>
            <Group component="span" justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
              <Text component="span" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {message.subject}
              </Text>
              <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
                {status.label}
              </Badge>
            </Group>
            <Text component="span" size="sm" style={{ overflowWrap: 'anywhere' }}>
              To {message.recipients.join(', ')}
            </Text>
            <Text component="span" size="sm" c="dimmed">
              Written {displayDateTime(message.createdAt)}
              {message.sentAt && ` · sent ${displayDateTime(message.sentAt)}`}
            </Text>
          </Stack>
        </summary>
        <Stack gap="sm" mt="sm">
          {message.error && (
            <Alert color="red" variant="light" title="Delivery failed">
              {message.error}
            </Alert>
          )}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Text>
          {message.attachments.length > 0 && (
            <div>
              <Text size="sm" fw={600}>
                Attachments
              </Text>
              <List size="sm">
                {message.attachments.map((attachment) => (
                  <List.Item key={attachment.filename}>
                    {/* A signed link that works for a few minutes: the page asks for new ones each time it loads. */}
                    <Anchor href={attachment.url} target="_blank" rel="noopener">
                      {attachment.filename}
                    </Anchor>{' '}
                    ({attachment.contentType})
                  </List.Item>
                ))}
              </List>
            </div>
          )}
        </Stack>
      </details>
    </Card>
  );
}
