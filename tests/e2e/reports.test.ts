/**
 * Issue 10 point 10, end to end in Chromium over the real stack: the inspector locks today's Daily walkabout with two
 * unsatisfactory results; the manager opens the completed report (its PDF holds both remarks), sees both failures in
 * the summary failure report, acknowledges one with a note and comments on it, closes the other as repaired, and
 * the building card's Summary Failure count follows; then an on-demand booklet is generated and e-mailed, and a real
 * SMTP server on loopback receives it with the PDF attached.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { and, eq, isNotNull } from 'drizzle-orm';
import { schema } from '@fsi/backend/testing';
import { flatText, readPdfText } from '../../backend/test/pdf-reading';
import { launchBrowser, newPage, viewports } from './browser';
import { startStack, type Stack } from './stack';
import { BUILDING_NAME, entryCard, floorSelect, locationCodes, openFromBuildings, scanByTypedCode, shoot, signIn, todaysDailyWalkabout, type DailyWalkabout } from './walkabout-journey';

const PANEL = 'Panel shows normal (no trouble or alarm)';
const DOOR = 'Closes and latches fully';
const PANEL_REMARKS = 'Trouble light on: standby battery fault.';
const DOOR_REMARKS = 'Door closer leaking oil; the door does not latch.';
const RECIPIENT = 'fire.department@example.org';

type Received = { to: string[]; raw: string };

/** A loopback SMTP server that keeps every message it is given. */
async function startSmtp(received: Received[]): Promise<{ server: SMTPServer; url: string }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('latin1') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}` };
}

/** A header of a raw message, unfolded, with RFC 2047 encoded words decoded. */
function header(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  const value = line ? line.slice(name.length + 1).trim() : '';
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_all, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

/** The message's PDF attachments: each part sent as application/pdf in base64, decoded. */
function pdfAttachments(raw: string): { filename: string; bytes: Buffer }[] {
  const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
  const found: { filename: string; bytes: Buffer }[] = [];
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
    if (!/content-type:\s*application\/pdf/i.test(head) || !/content-transfer-encoding:\s*base64/i.test(head)) continue;
    const body = part.slice(split + 4).split(/\r\n--/)[0]!;
    // The name as Content-Type's parameter (Content-Disposition splits a long one into RFC 2231 continuations).
    found.push({ filename: /\bname="([^"]+)"/i.exec(head)?.[1] ?? '', bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
  }
  return found;
}

let stack: Stack;
let browser: Browser;
let smtp: SMTPServer;
let walkabout: DailyWalkabout;
let codes: Map<string, string>;
const received: Received[] = [];

beforeAll(async () => {
  const started = await startSmtp(received);
  smtp = started.server;
  stack = await startStack({ smtpUrl: started.url });
  browser = await launchBrowser();
  walkabout = await todaysDailyWalkabout(stack);
  codes = await locationCodes(stack, walkabout.buildingId);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

function buildingCard(page: Page): Locator {
  return page.locator('main article[aria-labelledby]').filter({ has: page.getByRole('heading', { name: BUILDING_NAME }) });
}

/** The number on the card's Summary Failure link (none shown is 0). */
async function summaryFailureCount(page: Page): Promise<number> {
  const link = buildingCard(page).getByRole('link', { name: /^Summary Failure/ });
  await link.waitFor();
  const match = /(\d+)\s*$/.exec((await link.innerText()).trim());
  return match ? Number(match[1]) : 0;
}

/** Marks a yes/no condition unsatisfactory (two taps) and gives it its remarks. */
async function markUnsatisfactory(card: Locator, label: string, remarks: string) {
  const control = card.getByRole('button', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await control.click();
  await control.click();
  await expect.poll(() => control.innerText()).toContain('No, unsatisfactory');
  await card.getByRole('textbox', { name: `Remarks for ${label}` }).fill(remarks);
}

describe('Reports, end to end', () => {
  it('the inspector locks with two failures; the manager follows them up; an on-demand booklet is e-mailed', async () => {
    // The inspector: two unsatisfactory results with remarks at two locations, then the lock.
    const inspector = await newPage(browser, stack.baseUrl, viewports.phone);
    let page = inspector.page;
    await signIn(page, 'inspector');
    await openFromBuildings(page, walkabout);
    const lobby = entryCard(page, 'Main Lobby');
    const stair = entryCard(page, 'Stair 1, Ground');
    await scanByTypedCode(page, codes.get('Main Lobby')!);
    await lobby.getByText('Unlocked', { exact: true }).waitFor();
    await markUnsatisfactory(lobby, PANEL, PANEL_REMARKS);
    await scanByTypedCode(page, codes.get('Stair 1, Ground')!);
    await stair.getByText('Unlocked', { exact: true }).waitFor();
    await markUnsatisfactory(stair, DOOR, DOOR_REMARKS);
    await floorSelect(page).selectOption({ label: 'Floor 5' });
    await page.getByRole('button', { name: 'Lock Walkabout' }).click();
    await page.getByRole('dialog', { name: 'Lock Walkabout' }).getByRole('button', { name: 'Lock Walkabout' }).click();
    // Only two entries were walked: the lock warns that the tasks are not all answered (inspection.md section 5).
    await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Continue' }).click();
    const saved = page.getByRole('dialog', { name: 'Walkabout saved' });
    await saved.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`**/buildings/${walkabout.buildingId}/walkabouts`);
    await inspector.context.close();
    // Its completed report is made by a background job, queued behind any others (after 06:00 in the building's zone,
    // the reports of yesterday's walkabouts, which locked then and which the scheduler asked for as the stack started):
    // the manager's list shows a report once its PDF is made, so the manager comes when it is.
    await expect
      .poll(
        async () =>
          (
            await stack.backend.db
              .select({ id: schema.generatedReports.id })
              .from(schema.generatedReports)
              .where(
                and(
                  eq(schema.generatedReports.walkaboutId, walkabout.walkaboutId),
                  eq(schema.generatedReports.kind, 'walkabout'),
                  eq(schema.generatedReports.isInterim, false),
                  isNotNull(schema.generatedReports.uploadKey),
                ),
              )
          ).length,
        { timeout: 120_000, interval: 250 },
      )
      .toBeGreaterThan(0);

    // The manager: the completed report of the locked walkabout, its PDF holding both remarks.
    const manager = await newPage(browser, stack.baseUrl, viewports.desktop);
    page = manager.page;
    await signIn(page, 'manager');
    const countAfterLock = await summaryFailureCount(page);
    await buildingCard(page).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('link', { name: 'Completed Walkabout Reports' }).click();
    const reports = page.getByRole('list', { name: 'Completed Walkabout Reports' });
    const today = new Intl.DateTimeFormat('en-US', { timeZone: walkabout.timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(new Date());
    // Its period is today. (Yesterday's Daily walkabout, locked today at 06:00 in the building's zone, is listed too:
    // its period is yesterday, and the text of its lock time today.)
    const completed = reports
      .getByRole('listitem')
      .filter({ hasText: 'Daily Panel and Stairwell Door Log' })
      .filter({ has: page.getByRole('definition').getByText(today, { exact: true }) });
    await completed.getByRole('link', { name: /^Daily Panel and Stairwell Door Log/ }).waitFor();
    const [popup] = await Promise.all([manager.context.waitForEvent('page'), completed.getByRole('link', { name: /^Daily Panel and Stairwell Door Log/ }).click()]);
    await popup.waitForURL('**/signed-files/**');
    const pdf = await fetch(popup.url());
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (await readPdfText(new Uint8Array(await pdf.arrayBuffer()))).map(flatText).join(' ');
    expect(text).toContain(PANEL_REMARKS);
    expect(text).toContain(DOOR_REMARKS);
    await popup.close();
    await shoot(page, 'reports-1-completed');

    // The summary failure report: both failures, each with its remarks.
    await page.goto(`/buildings/${walkabout.buildingId}/reports/summary/${walkabout.buildingId}-summary-failure`);
    const table = page.getByRole('table');
    await table.waitFor();
    const lobbyRow = table.getByRole('row').filter({ hasText: 'Main Lobby' }).filter({ hasText: PANEL_REMARKS });
    const stairRow = table.getByRole('row').filter({ hasText: 'Stair 1, Ground' }).filter({ hasText: DOOR_REMARKS });
    await lobbyRow.waitFor();
    await stairRow.waitFor();
    // The card counts exactly the rows the summary lists.
    expect(await table.locator('tbody tr').count()).toBe(countAfterLock);
    await shoot(page, 'reports-2-summary-failure');

    // Acknowledge the panel with a note, and comment on it.
    await lobbyRow.getByRole('button', { name: /^Acknowledge / }).click();
    const acknowledge = page.getByRole('dialog', { name: 'Acknowledge' });
    await acknowledge.getByRole('textbox', { name: 'Notes' }).fill('Battery replacement booked for Friday.');
    await acknowledge.getByRole('button', { name: 'Acknowledge' }).click();
    await acknowledge.waitFor({ state: 'detached' });
    await lobbyRow.getByText('Battery replacement booked for Friday.').waitFor();
    await lobbyRow.getByRole('button', { name: /^Add Comment / }).click();
    const comment = page.getByRole('dialog', { name: 'Add Comment' });
    await comment.getByRole('textbox', { name: 'Comment' }).fill('Technician confirmed the visit.');
    await comment.getByRole('button', { name: 'Save' }).click();
    await comment.waitFor({ state: 'detached' });
    await lobbyRow.getByRole('list', { name: 'Comments' }).getByText('Technician confirmed the visit.').waitFor();

    // Close the door as repaired: it leaves the summary.
    await stairRow.getByRole('button', { name: /^Close / }).click();
    const repair = page.getByRole('dialog', { name: 'Close as Repaired' });
    await repair.getByRole('textbox', { name: 'Comments' }).fill('Closer replaced.');
    await repair.getByRole('button', { name: 'Close', exact: true }).click();
    await repair.waitFor({ state: 'detached' });
    await stairRow.waitFor({ state: 'detached' });
    await lobbyRow.waitFor();
    await shoot(page, 'reports-3-followed-up');

    // The card's count follows: the repaired one is gone, the acknowledged one stays.
    await page.getByRole('link', { name: 'Buildings' }).first().click();
    await page.waitForURL('**/buildings');
    await expect.poll(() => summaryFailureCount(page)).toBe(countAfterLock - 1);

    // An on-demand booklet of the locked walkabout, e-mailed to a real SMTP server.
    await page.goto(`/buildings/${walkabout.buildingId}/on-demand-reports`);
    const booklets = page.getByRole('region', { name: 'Report Booklets' });
    const generate = booklets.getByRole('button', { name: /^Generate / }).first();
    await generate.waitFor();
    const name = (await generate.getAttribute('aria-label'))!.replace(/^Generate /, '');
    await generate.click();
    await booklets.getByRole('link', { name: `Open ${name}` }).waitFor({ timeout: 30_000 });
    await booklets.getByRole('button', { name: `Email ${name}` }).click();
    const sheet = page.getByRole('dialog', { name: 'Email report' });
    await sheet.getByRole('textbox', { name: 'Recipients' }).fill(` ${RECIPIENT} , `);
    await sheet.getByRole('textbox', { name: 'Message' }).fill('The monthly booklet, as requested.');
    await sheet.getByRole('button', { name: 'Send' }).click();
    await sheet.getByText('Report sent successfully.').waitFor();
    await shoot(page, 'reports-4-booklet-sent');
    await manager.context.close();

    await expect.poll(() => received.filter((message) => message.to.includes(RECIPIENT)).length, { timeout: 30_000 }).toBe(1);
    const message = received.find((m) => m.to.includes(RECIPIENT))!;
    expect(message.to).toEqual([RECIPIENT]);
    expect(header(message.raw, 'Subject')).toContain(name);
    expect(header(message.raw, 'Subject')).toContain(BUILDING_NAME);
    const attachments = pdfAttachments(message.raw);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.filename).toContain(name);
    expect(attachments[0]!.filename).toMatch(/\.pdf$/);
    expect(attachments[0]!.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const booklet = (await readPdfText(new Uint8Array(attachments[0]!.bytes))).map(flatText).join(' ');
    expect(booklet).toContain(BUILDING_NAME);
  });
});
