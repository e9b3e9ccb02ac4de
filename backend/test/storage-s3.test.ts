/**
 * Uploads kept in S3 (S3_*): the real backend against a real S3-compatible server (s3rver, in this process on a
 * loopback port), checked through the HTTP API and, independently, through the S3 API.
 */
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readS3Env } from '../src/config';
import { startBackend } from '../src/index';
import type { S3Settings } from '../src/storage';
import { schema, signIn, type TestBackend } from '../src/testing';
import { databases, expectJsonApi, multipartFile, startTestBackend } from './helpers';
import { signedPhotoUrl } from '../src/storage/signed-urls';
import { freePort } from '../../scripts/test-setup.mjs';

// The package ships no types; this is the part of its API the test uses.
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
const require = createRequire(import.meta.url);
const S3rver = require('@20minutes/s3rver') as new (options: Record<string, unknown>) => S3rverServer;

// s3rver checks signatures (SigV4) as S3 does, but recomputes the canonical path of a bucket-level request (CreateBucket,
// HeadBucket, ListObjects) without the trailing slash the AWS SDK signs, and so refuses every correct one. Its
// signature module is mended here for that one case (the path '/bucket' read as '/bucket/'); everything else is
// checked as s3rver checks it, so a wrong secret key is refused (a test below).
type CanonicalRequest = { uri: string };
const signatureV4 = require(require.resolve('@20minutes/s3rver').replace(/lib[\\/]s3rver\.js$/, 'lib/signature/v4.js')) as {
  getStringToSign(canonicalRequest: CanonicalRequest, request: unknown): string;
};
const stringToSign = signatureV4.getStringToSign;
signatureV4.getStringToSign = (canonicalRequest, request) => {
  const bucketLevel = canonicalRequest.uri.split('/').filter(Boolean).length === 1 && !canonicalRequest.uri.endsWith('/');
  return stringToSign({ ...canonicalRequest, uri: bucketLevel ? `${canonicalRequest.uri}/` : canonicalRequest.uri }, request);
};

// s3rver's built-in account.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rverServer;
let serverFolder: string;
let endpoint: string;

beforeAll(async () => {
  serverFolder = mkdtempSync(path.join(os.tmpdir(), 'fsi-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: serverFolder, allowMismatchedSignatures: false });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
  rmSync(serverFolder, { recursive: true, force: true });
});

const settings = (bucket: string, overrides: Partial<S3Settings> = {}): S3Settings => ({
  endpoint,
  bucket,
  region: 'us-east-1',
  ...credentials,
  ...overrides,
});

/** The test's own view of the bucket, through the S3 API rather than the backend. */
function s3(): S3Client {
  return new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
}

async function bucketStatus(bucket: string): Promise<number> {
  const client = s3();
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
    return 200;
  } catch (error) {
    return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode ?? 0;
  } finally {
    client.destroy();
  }
}

describe.each(databases)('uploads kept in S3 (%s)', (database) => {
  const bucket = `fsi-uploads-${database}`;
  let backend: TestBackend;
  let onDisk: TestBackend;
  let token: string;
  let client: S3Client;

  beforeAll(async () => {
    client = s3();
    // A new MinIO starts empty, like this server: the backend makes its bucket.
    expect(await bucketStatus(bucket)).toBe(404);
    backend = await startTestBackend({ database, s3: settings(bucket) });
    onDisk = await startTestBackend({ database });
    ({ token } = await signIn(backend.url, 'inspector', 'demo1234'));
  });

  afterAll(async () => {
    client?.destroy();
    await backend?.close();
    await onDisk?.close();
  });

  async function upload(bytes: Buffer): Promise<{ status: number; url: string; key: string }> {
    const body = multipartFile('photo.jpg', 'image/jpeg', bytes);
    const response = await backend.app.inject({
      method: 'POST',
      url: '/uploads',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    const url = response.statusCode === 201 ? (response.json().data.attributes.url as string) : '';
    return { status: response.statusCode, url, key: url.replace(/^\/files\//, '') };
  }

  it('creates its bucket at start', async () => {
    expect(await bucketStatus(bucket)).toBe(200);
  });

  it('stores an uploaded JPEG in the bucket and serves the same bytes back with its type and length', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    const { status, url, key } = await upload(jpeg);
    expect(status).toBe(201);
    expect(url).toMatch(/^\/files\/[A-Za-z0-9_-]{32}\.jpg$/);

    // Over HTTP through its signed URL, as a browser's <img src> loads it (no session); the key alone, or the URL
    // signed for another key or altered, opens nothing.
    const signed = signedPhotoUrl(backend.app.urlSigner, url)!;
    expect((await fetch(`${backend.url}${url}`)).status).toBe(404);
    expect((await fetch(`${backend.url}${signed.replace(key, 'd'.repeat(32) + '.jpg')}`)).status).toBe(403);
    const altered = signed.slice(0, -1) + (signed.endsWith('A') ? 'B' : 'A');
    expect((await fetch(`${backend.url}${altered}`)).status).toBe(403);
    const file = await fetch(`${backend.url}${signed}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('content-length')).toBe(String(jpeg.length));
    expect(Buffer.from(await file.arrayBuffer()).equals(jpeg)).toBe(true);

    // In the bucket, under its key, with its type: nothing went to the disk instead.
    // (The reports the scheduler generates at start for a walkabout past its lock are PDFs in the bucket too.)
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    const images = listed.Contents?.filter((object) => !object.Key!.endsWith('.pdf'));
    expect(images?.map((object) => [object.Key, object.Size])).toEqual([[key, jpeg.length]]);
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(object.ContentType).toBe('image/jpeg');
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(jpeg)).toBe(true);
  });

  it("gives a user of another organization nothing of a building's document kept in the bucket", async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const bytes = Buffer.from(await pdf.save());
    const as = async (username: string) => `Bearer ${(await signIn(backend.url, username, 'demo1234')).token}`;
    const manager = await as('manager');
    const harbour = await as('harbour');
    const body = multipartFile('plan.pdf', 'application/pdf', bytes);
    const uploaded = await backend.app.inject({ method: 'POST', url: '/uploads?kind=document', payload: body.payload, headers: { ...body.headers, authorization: manager } });
    expect(uploaded.statusCode).toBe(201);
    const reference = uploaded.json().data.attributes.url as string;
    const [tower] = await backend.db.select().from(schema.buildings).where(eq(schema.buildings.name, 'Yonge & Eglinton Tower'));
    const [cedar] = await backend.db.select().from(schema.buildings).where(eq(schema.buildings.name, 'Cedar Point Strata (BCS 4127)'));
    const documentOf = (building: number, url: string) => ({
      data: { type: 'documents', attributes: { name: 'Evacuation Plan', category: 'Fire Safety Plan', url }, relationships: { building: { data: { type: 'buildings', id: String(building) } } } },
    });
    const made = await backend.app.inject({ method: 'POST', url: '/documents', payload: documentOf(tower!.id, reference), headers: { authorization: manager } });
    expect(made.statusCode, made.body).toBe(201);
    const document = made.json().data as { id: string; attributes: { url: string } };
    // Its own organization reads it from the bucket through the signed URL the answer gives.
    const file = await fetch(`${backend.url}${document.attributes.url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    // Another organization: not the document, not the building's list, not the upload for a document of its own, not the key.
    const get = (url: string) => backend.app.inject({ method: 'GET', url, headers: { authorization: harbour } });
    expect((await get(`/documents/${document.id}`)).statusCode).toBe(404);
    expect((await get(`/documents?filter[building]=${tower!.id}`)).statusCode).toBe(404);
    const borrowed = await backend.app.inject({ method: 'POST', url: '/documents', payload: documentOf(cedar!.id, reference), headers: { authorization: harbour } });
    expect(borrowed.statusCode).toBe(422);
    expect((await fetch(`${backend.url}${reference}`, { headers: { authorization: harbour } })).status).toBe(404);
    const altered = document.attributes.url.slice(0, -1) + (document.attributes.url.endsWith('A') ? 'B' : 'A');
    expect((await fetch(`${backend.url}${altered}`)).status).toBe(403);
  });

  it('answers the same 404 document as the disk storage for a signed URL of an unknown key and of an object gone from the bucket', async () => {
    const unknown = `/files/${'c'.repeat(32)}.jpg`;
    const fromDisk = await onDisk.app.inject({ method: 'GET', url: signedPhotoUrl(onDisk.app.urlSigner, unknown)! });
    expect(fromDisk.statusCode).toBe(404);
    expectJsonApi(fromDisk.json());

    const notInDatabase = await backend.app.inject({ method: 'GET', url: signedPhotoUrl(backend.app.urlSigner, unknown)! });
    expect(notInDatabase.statusCode).toBe(404);
    expect(notInDatabase.headers['content-type']).toBe(fromDisk.headers['content-type']);
    expect(notInDatabase.json()).toEqual(fromDisk.json());

    // Known to the database, but its object was deleted from the bucket behind the backend's back.
    const small = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    const { url, key } = await upload(small);
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    const gone = await backend.app.inject({ method: 'GET', url: signedPhotoUrl(backend.app.urlSigner, url)! });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(fromDisk.json());
  });
});

describe('starting with S3 storage', () => {
  const folders: string[] = [];
  const tempFolder = () => {
    const folder = path.join(os.tmpdir(), `fsi-s3-start-${process.pid}-${folders.length}-${Date.now()}`);
    folders.push(folder);
    return folder;
  };

  afterEach(() => {
    vi.unstubAllEnvs();
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  // A whole backend with its new database: slow on a busy 2-core machine (13 s seen under load).
  it('startBackend reads S3_* from the environment and keeps files in that bucket', { timeout: 120_000 }, async () => {
    vi.stubEnv('S3_ENDPOINT', endpoint);
    vi.stubEnv('S3_BUCKET', 'fsi-from-env');
    vi.stubEnv('S3_ACCESS_KEY_ID', credentials.accessKeyId);
    vi.stubEnv('S3_SECRET_ACCESS_KEY', credentials.secretAccessKey);
    expect(await bucketStatus('fsi-from-env')).toBe(404);
    const backend = await startBackend({ port: 0, dataDir: tempFolder(), seedDemo: false });
    try {
      expect(await bucketStatus('fsi-from-env')).toBe(200);
    } finally {
      await backend.close();
    }
  });

  it('refuses to start, before opening the database, when the storage cannot be reached', async () => {
    // A loopback port that nothing listens on.
    const port = await freePort();
    const dataDir = tempFolder();
    const refused = startBackend({ port: 0, dataDir, s3: settings('fsi', { endpoint: `http://127.0.0.1:${port}` }) });
    await expect(refused).rejects.toThrow(
      new RegExp(`^Cannot reach the S3 storage at http://127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\)\\. Check S3_ENDPOINT`),
    );
    expect(existsSync(dataDir)).toBe(false);
    await expect(startTestBackend({ s3: settings('fsi', { endpoint: `http://127.0.0.1:${port}` }) })).rejects.toThrow(/^Cannot reach/);
  });

  it('refuses to start when the storage refuses the credentials', async () => {
    const wrong = settings('fsi-wrong-key', { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'nope' });
    await expect(startTestBackend({ s3: wrong })).rejects.toThrow(
      /^The S3 storage at http:\/\/127\.0\.0\.1:\d+ refused access to bucket "fsi-wrong-key" \(HTTP 403.*Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(await bucketStatus('fsi-wrong-key')).toBe(404);
  });

  it('refuses to start with the right access key id and a wrong secret key: the storage checks the signature', async () => {
    const wrong = settings('fsi-wrong-secret', { secretAccessKey: 'not-the-secret' });
    await expect(startTestBackend({ s3: wrong })).rejects.toThrow(
      /^The S3 storage at http:\/\/127\.0\.0\.1:\d+ refused access to bucket "fsi-wrong-secret" \(HTTP 403.*Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(await bucketStatus('fsi-wrong-secret')).toBe(404);
  });

  it('reads S3_* only as a whole: a bucket chooses S3, anything half-set is refused', () => {
    expect(readS3Env({})).toBeUndefined();
    expect(
      readS3Env({ S3_BUCKET: 'fsi', S3_ENDPOINT: 'http://storage:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }),
    ).toEqual({ bucket: 'fsi', region: 'us-east-1', endpoint: 'http://storage:9000', accessKeyId: 'id', secretAccessKey: 'secret' });
    expect(readS3Env({ S3_BUCKET: 'fsi', S3_REGION: 'eu-west-1' })).toEqual({
      bucket: 'fsi',
      region: 'eu-west-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    expect(() => readS3Env({ S3_ENDPOINT: 'http://storage:9000' })).toThrow('S3_ENDPOINT set without S3_BUCKET');
    expect(() => readS3Env({ S3_BUCKET: 'fsi', S3_ACCESS_KEY_ID: 'id' })).toThrow('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(() => readS3Env({ S3_BUCKET: 'fsi', S3_ENDPOINT: 'storage:9000' })).toThrow('S3_ENDPOINT must be an http:// or https:// URL');
  });
});
