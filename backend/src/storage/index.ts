/**
 * File storage (DESIGN.md section 1: a folder, or an S3 bucket). Routes talk to this interface
 * only; openStorage picks the implementation from the settings (S3_* in the environment).
 */
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SAFE_KEY, type FileStorage, type StoredFile } from './file-storage';
import { S3Storage, type S3Settings } from './s3';

export { SAFE_KEY, type FileStorage, type StoredFile } from './file-storage';
export { S3Storage, type S3Settings } from './s3';

/** Files in one folder (`${DATA_DIR}/files` by default). Keys are checked so that none can leave the folder. */
export class DiskStorage implements FileStorage {
  constructor(private readonly folder: string) {}

  get description(): string {
    return `folder ${this.folder}`;
  }

  private pathOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new RangeError(`Not a storage key: ${key}`);
    return path.join(this.folder, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(this.folder, { recursive: true });
    // Written aside then renamed, so a reader never sees half a file.
    const partial = `${target}.partial`;
    await writeFile(partial, body);
    await rename(partial, target);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!SAFE_KEY.test(key)) return null;
    let handle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      // Size and stream from one open file, so a rename in between cannot make them disagree.
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
}

/**
 * The storage to use: the S3 bucket when there are S3 settings (its bucket is created if missing, and an
 * unreachable server or refused credentials reject here, so a misconfigured backend never starts), else the folder.
 */
export async function openStorage(options: { s3?: S3Settings; folder: string }): Promise<FileStorage> {
  return options.s3 ? S3Storage.open(options.s3) : new DiskStorage(options.folder);
}
