/** Reads the backend's environment (see README.md "Environment"). */
export type BackendEnv = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo?: boolean;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom?: string;
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
  };
}
