/**
 * `npm run create-admin`: adds an administrator to the database the backend would open (DATABASE_URL, or the
 * PGlite folder DATA_DIR), applying the migrations first, so a new empty production database can be entered.
 * Takes ADMIN_USERNAME, ADMIN_PASSWORD and ADMIN_EMAIL from the environment when they are set, and otherwise asks
 * in the terminal (the password without echo, twice). Exits 0 once made, 1 when refused (a weak password, a
 * username already taken, no terminal and no variables, the PGlite folder in use by a running backend).
 */
import { Writable } from 'node:stream';
import { createInterface } from 'node:readline/promises';
import { readEnv } from '../config';
import { DataFolderInUseError, openDatabase } from '../db/client';
import { AdministratorRefusedError, administratorFromEnv, administratorInputProblem, createAdministrator, type AdministratorInput } from './administrator';

async function ask(): Promise<AdministratorInput> {
  let muted = false;
  // The terminal echoes what is typed through this stream: muted while the password is typed.
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const hidden = async (prompt: string) => {
    process.stdout.write(prompt);
    muted = true;
    try {
      return await rl.question('');
    } finally {
      muted = false;
      process.stdout.write('\n');
    }
  };
  try {
    const username = (await rl.question('Username: ')).trim();
    const email = (await rl.question('E-mail: ')).trim();
    const password = await hidden('Password: ');
    const confirmation = await hidden('Password again: ');
    return { username, email: email || undefined, password, confirmation };
  } finally {
    rl.close();
  }
}

async function main(): Promise<void> {
  const env = readEnv();
  const fromEnv = administratorFromEnv();
  if (!fromEnv && !process.stdin.isTTY) {
    throw new AdministratorRefusedError('No terminal to ask in: set ADMIN_USERNAME and ADMIN_PASSWORD (and ADMIN_EMAIL) for create-admin.');
  }
  const input = fromEnv ?? (await ask());
  // Said before the database is opened: nothing to wait for when the answer is already no.
  const problem = administratorInputProblem(input);
  if (problem) throw new AdministratorRefusedError(problem);

  const handle = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl });
  try {
    const made = await handle.exclusive(async () => {
      await handle.migrate();
      return createAdministrator(handle.db, input);
    });
    const where = handle.kind === 'postgres' ? 'the PostgreSQL database of DATABASE_URL' : `the data folder ${env.dataDir}`;
    console.log(`Administrator "${made.username}" created in ${where}. Sign in at ${env.publicUrl}.`);
  } finally {
    await handle.close();
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof AdministratorRefusedError || error instanceof DataFolderInUseError)) throw error;
  console.error(`create-admin: ${error.message}`);
  process.exitCode = 1;
}
