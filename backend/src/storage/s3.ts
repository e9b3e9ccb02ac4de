/**
 * Files in an S3 bucket (AWS S3, or an S3-compatible server such as MinIO through S3_ENDPOINT), so that
 * uploads outlive a container and every backend replica serves the same files.
 */
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  type BucketLocationConstraint,
} from '@aws-sdk/client-s3';
import { SAFE_KEY, type FileStorage, type StoredFile } from './file-storage';

export type S3Settings = {
  bucket: string;
  /** AWS region, or the region the S3-compatible server expects (MinIO: us-east-1). */
  region: string;
  /** An S3-compatible server's URL; addressed path-style (`{endpoint}/{bucket}/{key}`), as MinIO needs. Unset: AWS S3. */
  endpoint?: string;
  /** Both or neither; with neither the AWS SDK's default credentials apply (AWS_* variables, an instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
};

type SdkError = Error & { $metadata?: { httpStatusCode?: number }; code?: string };

const statusOf = (error: unknown): number | undefined => (error as SdkError).$metadata?.httpStatusCode;

export class S3Storage implements FileStorage {
  private constructor(
    private readonly client: S3Client,
    private readonly settings: S3Settings,
  ) {}

  /** Connects, and creates the bucket when it does not exist yet (a new MinIO starts empty). */
  static async open(settings: S3Settings): Promise<S3Storage> {
    const client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.endpoint !== undefined,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // A storage that does not answer fails the start (or the request) instead of hanging it.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
    });
    const storage = new S3Storage(client, settings);
    try {
      await storage.ensureBucket();
    } catch (error) {
      client.destroy();
      throw error;
    }
    return storage;
  }

  get description(): string {
    return `S3 bucket ${this.settings.bucket} at ${this.where}`;
  }

  private get where(): string {
    return this.settings.endpoint ?? `AWS S3 (${this.settings.region})`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    if (!SAFE_KEY.test(key)) throw new RangeError(`Not a storage key: ${key}`);
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!SAFE_KEY.test(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      // In Node the SDK answers a stream of the HTTP response, handed on to the client as it arrives.
      if (!(object.Body instanceof Readable)) throw new Error(`S3 answered no readable body for ${key}`);
      return { body: object.Body, size: object.ContentLength };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }

  private async ensureBucket(): Promise<void> {
    const { bucket, region } = this.settings;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: bucket }));
      return;
    } catch (error) {
      if (statusOf(error) !== 404) throw this.startError(error);
    }
    try {
      await this.client.send(
        new CreateBucketCommand({
          Bucket: bucket,
          // us-east-1 is S3's default and refuses to be named as a constraint.
          ...(region === 'us-east-1' ? {} : { CreateBucketConfiguration: { LocationConstraint: region as BucketLocationConstraint } }),
        }),
      );
    } catch (error) {
      // Another replica starting at the same time created it first.
      if ((error as SdkError).name === 'BucketAlreadyOwnedByYou') return;
      throw this.startError(error);
    }
  }

  /** Says what to check, in the operator's terms (the S3_* variables), with the SDK's error as the cause. */
  private startError(error: unknown): Error {
    const { bucket } = this.settings;
    const sdk = error as SdkError;
    const status = statusOf(error);
    const what = [sdk.name, sdk.code, sdk.message].filter((part, i, all) => part && all.indexOf(part) === i).join(': ');
    let message: string;
    if (sdk.name === 'CredentialsProviderError') {
      message = `No credentials for the S3 storage at ${this.where}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (${what}).`;
    } else if (status === undefined) {
      message = `Cannot reach the S3 storage at ${this.where} (${what}). Check S3_ENDPOINT and that the storage is running.`;
    } else if (status === 401 || status === 403) {
      message =
        `The S3 storage at ${this.where} refused access to bucket "${bucket}" (HTTP ${status} ${what}). ` +
        'Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that this key may use the bucket.';
    } else {
      message = `The S3 storage at ${this.where} could not open bucket "${bucket}" (HTTP ${status} ${what}). Check S3_BUCKET and S3_REGION.`;
    }
    return new Error(message, { cause: error });
  }
}
