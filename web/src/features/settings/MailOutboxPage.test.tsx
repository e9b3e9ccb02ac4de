import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import { OUTBOX_PAGE_SIZE } from './MailOutboxPage';

function aMessage(id: string, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'MailMessage' as const,
    id,
    recipients: ['fd@example.org', 'owner@example.org'],
    subject: 'Weekly Fire Safety Inspection – King Street Commerce Centre',
    text: 'The report is attached.\nSent by the manager.',
    attachments: [{ __typename: 'MailAttachment' as const, filename: 'weekly.pdf', contentType: 'application/pdf', url: '/signed-files/weekly-0123456789abcdef.pdf?name=weekly.pdf&type=application%2Fpdf&expires=1&signature=x' }],
    createdAt: '2026-03-09T16:05:00.000Z',
    sentAt: null,
    status: 'QUEUED',
    error: null,
    ...overrides,
  };
}

function outbox(nodes: unknown[], page: number, totalCount: number) {
  return { mailOutbox: { __typename: 'MailMessageConnection', nodes, pageInfo: { __typename: 'PageInfo', page, pageSize: OUTBOX_PAGE_SIZE, totalCount, hasNextPage: page * OUTBOX_PAGE_SIZE < totalCount } } };
}

function renderOutbox({ isAdmin = true, answer = (page: number) => outbox([], page, 0), asked = [] as unknown[] } = {}) {
  const viewer = aViewer({ isAdmin });
  return renderApp({
    route: '/settings/mail-outbox',
    viewer,
    handlers: [
      graphql.query('SettingsViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('MailOutboxPage', ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({ data: answer(variables.page as number) });
      }),
    ],
  });
}

describe('Mail outbox', () => {
  it('lists the messages newest first, each opening to its body and attachments, with its status', async () => {
    const { user } = renderOutbox({
      answer: (page) =>
        outbox(
          [
            aMessage('3', { subject: 'Refused', recipients: ['refused@example.org'], attachments: [], status: 'FAILED', error: '550 Mailbox unavailable' }),
            aMessage('2', { status: 'SENT', sentAt: '2026-03-09T16:06:00.000Z' }),
            aMessage('1'),
          ],
          page,
          3,
        ),
    });
    const list = await screen.findByRole('list', { name: 'Messages' });
    // The messages themselves, not the attachment lists inside them.
    const items = [...list.querySelectorAll<HTMLElement>(':scope > li')];
    expect(items.map((item) => item.querySelector('summary')!.textContent)).toEqual([
      expect.stringContaining('RefusedFailedTo refused@example.org'),
      expect.stringContaining('SentTo fd@example.org, owner@example.org'),
      expect.stringContaining('Not sentTo fd@example.org, owner@example.org'),
    ]);
    expect(screen.getByText('3 messages, newest first')).toBeInTheDocument();
    await user.click(within(items[0]!).getByText('Refused'));
    expect(within(items[0]!).getByText('550 Mailbox unavailable')).toBeVisible();
    await user.click(within(items[1]!).getByText('Sent'));
    expect(within(items[1]!).getByRole('link', { name: 'weekly.pdf' })).toHaveAttribute('href', '/signed-files/weekly-0123456789abcdef.pdf?name=weekly.pdf&type=application%2Fpdf&expires=1&signature=x');
    expect(within(items[1]!).getByText('(application/pdf)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
  });

  it('pages through a long outbox', async () => {
    const asked: unknown[] = [];
    const { user } = renderOutbox({ asked, answer: (page) => outbox([aMessage(String(100 - page), { subject: `Message of page ${page}` })], page, OUTBOX_PAGE_SIZE + 1) });
    expect(await screen.findByText('Message of page 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Message of page 2')).toBeInTheDocument();
    expect(asked).toEqual([
      { page: 1, pageSize: OUTBOX_PAGE_SIZE },
      { page: 2, pageSize: OUTBOX_PAGE_SIZE },
    ]);
  });

  it('says when there is no message yet', async () => {
    renderOutbox();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('tells anyone but an administrator that the page is theirs, without asking the server', async () => {
    const asked: unknown[] = [];
    renderOutbox({ isAdmin: false, asked });
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});

describe('Settings', () => {
  it("lists the administrator's tools, the mail outbox among them", async () => {
    const viewer = aViewer({ isAdmin: true });
    renderApp({ route: '/settings', viewer, handlers: [graphql.query('SettingsViewer', () => HttpResponse.json({ data: { viewer } }))] });
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: /Mail outbox/ })).toHaveAttribute('href', '/settings/mail-outbox');
  });
});
