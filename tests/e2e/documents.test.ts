/**
 * Issue 11 point 3, end to end in Chromium over the real stack: a manager opens the building's documents from its
 * card, uploads a four-page PDF into Fire Safety Plan through the document sheet, opens it from the card's Fire Safety
 * Plan link on its bookmarks page (the pages drawn by pdfjs), bookmarks page 3, reopens the document at that bookmark
 * (page 3 in view, also from its address in a fresh page), and e-mails the document: a real SMTP server on loopback
 * receives the link to it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SMTPServer } from 'smtp-server';
import { launchBrowser, newPage, viewports } from './browser';
import { startStack, type Stack } from './stack';
import { BUILDING_NAME, shoot, signIn } from './walkabout-journey';

const DOCUMENT_NAME = 'Evacuation Plan 2026';
const RECIPIENT = 'fire.department@example.org';

type Received = { to: string[]; raw: string };

let stack: Stack;
let browser: Browser;
let smtp: SMTPServer;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
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
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  stack = await startStack({ smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
  browser = await launchBrowser();
  // A fresh demo database on a machine shared with other work: more than the default two minutes at times.
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** A letter-size PDF of `pages` pages, each saying its number in large type. */
async function numberedPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n += 1) pdf.addPage([612, 792]).drawText(`Floor plan, page ${n}`, { x: 72, y: 680, size: 36, font });
  return Buffer.from(await pdf.save());
}

/** Where the top of a page's figure is, against the viewport's height: in view when between 0 and the height. */
async function pageTop(page: Page, n: number): Promise<{ top: number; height: number }> {
  return page.evaluate((number) => ({ top: document.getElementById(`pdf-page-${number}`)!.getBoundingClientRect().top, height: window.innerHeight }), n);
}

async function expectPageInView(page: Page, n: number) {
  await page.locator(`#pdf-page-${n} canvas`).waitFor();
  await expect.poll(async () => {
    const { top, height } = await pageTop(page, n);
    return top >= 0 && top < height / 2;
  }).toBe(true);
}

describe('Documents (issue 11 point 3)', () => {
  it('a manager uploads a four-page PDF, bookmarks page 3, reopens it at the bookmark and e-mails it', { timeout: 180_000 }, async () => {
    const { context, page, externalRequests } = await newPage(browser, stack.baseUrl, viewports.desktop);
    await signIn(page, 'manager');
    const card = page.locator('main article[aria-labelledby]').filter({ has: page.getByRole('heading', { name: BUILDING_NAME }) });
    await card.getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    const categories = page.getByRole('list', { name: 'Document categories' });
    await categories.waitFor();
    expect(await categories.getByRole('link').count()).toBe(7);
    await shoot(page, 'documents-categories');
    await categories.getByRole('link', { name: /^Fire Safety Plan/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Fire Safety Plan' }).waitFor();

    // The file first, then the document sheet.
    await page.locator('input[type="file"]').setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: await numberedPdf(4) });
    const sheet = page.getByRole('dialog', { name: 'New Document' });
    await sheet.getByText('plan.pdf · 4 pages').waitFor();
    await sheet.getByRole('button', { name: 'Save' }).click();
    await sheet.getByText('Name is required field').waitFor();
    await sheet.getByRole('textbox', { name: 'Name' }).fill(DOCUMENT_NAME);
    expect(await sheet.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Fire Safety Plan');
    await shoot(page, 'documents-sheet');
    await sheet.getByRole('button', { name: 'Save' }).click();
    await sheet.waitFor({ state: 'detached' });
    const list = page.getByRole('list', { name: 'Fire Safety Plan' });
    await list.getByRole('link', { name: DOCUMENT_NAME }).waitFor();
    await shoot(page, 'documents-list');

    // The building card's Fire Safety Plan link: the category's latest document, a PDF, opens its bookmarks page.
    await page.getByRole('link', { name: 'Categories' }).click();
    await page.getByRole('link', { name: 'Buildings', exact: true }).click();
    const planLink = card.getByRole('link', { name: 'Fire Safety Plan' });
    await planLink.waitFor();
    expect(await planLink.getAttribute('href')).toMatch(/^\/buildings\/\d+\/documents\/\d+$/);
    await planLink.click();

    // The bookmarks page: the PDF's pages, then a bookmark at page 3.
    await page.getByRole('heading', { level: 1, name: DOCUMENT_NAME }).waitFor();
    await page.getByRole('figure', { name: 'Page 4 of 4' }).waitFor();
    await page.getByText(/^4 pages/).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.locator('#pdf-page-3').evaluate((figure) => figure.scrollIntoView({ block: 'start' }));
    await page.getByRole('button', { name: 'Add bookmark at page 3' }).click();
    const label = page.getByRole('textbox', { name: 'Bookmark at page 3' });
    await label.fill('Stairwells');
    await shoot(page, 'documents-bookmarks-editing');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    const bookmarks = page.getByRole('list', { name: 'Bookmarks' });
    await bookmarks.getByRole('button', { name: /Stairwells/ }).waitFor();

    // Reopened from the list, the bookmark leads to page 3 and names it in the address.
    await page.getByRole('link', { name: 'Back' }).click();
    await list.getByRole('link', { name: DOCUMENT_NAME }).click();
    await page.getByRole('figure', { name: 'Page 1 of 4' }).waitFor();
    await page.getByRole('list', { name: 'Bookmarks' }).getByRole('button', { name: /Stairwells/ }).click();
    await page.waitForURL('**/documents/*?page=3');
    await expectPageInView(page, 3);
    await shoot(page, 'documents-bookmarks');
    const bookmarkUrl = page.url();

    // The address alone opens the document at page 3.
    const fresh = await context.newPage();
    await fresh.goto(bookmarkUrl);
    await fresh.getByRole('heading', { level: 1, name: DOCUMENT_NAME }).waitFor();
    await expectPageInView(fresh, 3);
    await fresh.close();

    // E-mailed from the list: Send waits for a recipient; the message carries the link to the file.
    await page.getByRole('link', { name: 'Back' }).click();
    await list.getByRole('button', { name: `Email ${DOCUMENT_NAME}` }).click();
    const email = page.getByRole('dialog', { name: 'Email document' });
    expect(await email.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await email.getByRole('textbox', { name: 'Recipients' }).fill(` ${RECIPIENT}, `);
    await email.getByRole('textbox', { name: 'Message' }).fill('The plan, with the stairwells on page 3.');
    await email.getByRole('button', { name: 'Send' }).click();
    await email.getByText('Document sent successfully.').waitFor();
    await expect.poll(() => received.filter((message) => message.to.includes(RECIPIENT)).length, { timeout: 30_000 }).toBe(1);
    const message = received.find((m) => m.to.includes(RECIPIENT))!.raw.replace(/=\r\n/g, '');
    expect(message).toContain('/signed-files/');
    expect(message).toContain('The plan, with the stairwells on page 3.');

    expect(externalRequests).toEqual([]);
    await context.close();
  });
});
