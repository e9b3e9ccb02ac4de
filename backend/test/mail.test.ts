import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { client, databases, startTestBackend } from './helpers';

/** The least of an SMTP server that nodemailer will deliver to: it keeps each message's DATA. */
function fakeSmtpServer(received: string[]): Server {
  return createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const command = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (command.startsWith('EHLO')) socket.write('250-localhost\r\n250 8BITMIME\r\n');
        else if (command.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
}

describe.each(databases)('mail through SMTP_URL on %s', (database) => {
  const received: string[] = [];
  let smtp: Server;
  let backend: TestBackend;

  beforeAll(async () => {
    smtp = fakeSmtpServer(received);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as AddressInfo;
    backend = await startTestBackend({ database, smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'https://fsi.example.com' });
  });
  afterAll(async () => {
    await backend?.close();
    await new Promise((resolve) => smtp?.close(resolve));
  });

  it('sends the forgot-password mail over SMTP and marks it sent in the outbox', async () => {
    const answer = await client(backend.app).post('/send-forgot-password-email', { data: { attributes: { searchterm: 'harbour' } } });
    expect(answer.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: harbour@harbourstrata.example');
    // The body is quoted-printable: undo its soft line breaks and escaped '='.
    const text = received[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(text).toMatch(/https:\/\/fsi\.example\.com\/change-password\?hash=[A-Za-z0-9_-]{43}/);
    const [row] = await backend.db.select().from(schema.mailOutbox);
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
  });
});
