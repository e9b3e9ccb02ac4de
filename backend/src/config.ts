/** Reads the backend's environment (see README.md "Environment"). */
import { administratorFromEnv, type AdministratorInput } from './admin/administrator';
import type { S3Settings } from './storage';
import { SIGNING_SECRET_MIN_LENGTH } from './storage/signed-urls';

export type BackendEnv = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo?: boolean;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** Keep uploads in this S3 bucket (S3_*); undefined: on disk under DATA_DIR. */
  s3?: S3Settings;
  /** ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_EMAIL: the administrator made at start when the database has none. */
  administrator?: AdministratorInput;
  /** URL_SIGNING_SECRET: the key of signed file URLs, the same on every replica; undefined: random per process. */
  urlSigningSecret?: string;
};

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): BackendEnv {
  return {
    port: Number(env.PORT ?? env.BACKEND_PORT ?? 4001),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: flag(env.SEED_DEMO),
    publicUrl: env.PUBLIC_URL ?? 'http://localhost:4000',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    s3: readS3Env(env),
    administrator: administratorFromEnv(env),
    urlSigningSecret: readUrlSigningSecret(env),
  };
}

/** URL_SIGNING_SECRET, refused when too short to be a key (a typo or a placeholder would sign every link weakly). */
export function readUrlSigningSecret(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const secret = env.URL_SIGNING_SECRET || undefined;
  if (secret !== undefined && secret.length < SIGNING_SECRET_MIN_LENGTH) {
    throw new Error(`URL_SIGNING_SECRET must be at least ${SIGNING_SECRET_MIN_LENGTH} characters (e.g. \`openssl rand -base64 48\`).`);
  }
  return secret;
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * The S3 storage settings, when S3_BUCKET is set. A half-done configuration throws rather than falling back to
 * the disk, where a container's uploads would be lost without anyone noticing.
 */
export function readS3Env(env: NodeJS.ProcessEnv = process.env): S3Settings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  if (!bucket) {
    const stray = S3_VARIABLES.filter((name) => value(name));
    if (stray.length) throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to keep uploads in S3, or unset them to keep uploads on disk.`);
    return undefined;
  }
  const endpoint = value('S3_ENDPOINT');
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http:// or https:// URL, not "${endpoint}".`);
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey) throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.');
  return { bucket, region: value('S3_REGION') ?? 'us-east-1', endpoint, accessKeyId, secretAccessKey };
}
