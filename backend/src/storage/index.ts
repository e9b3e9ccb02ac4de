/**
 * File storage (DESIGN.md section 1: a folder, or an S3 bucket). Routes talk to this interface
 * only, so an S3 implementation can take the disk's place without touching them.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores the bytes under the key (an unguessable name chosen by the caller). */
  put(key: string, body: Buffer): Promise<void>;
  /** The bytes stored under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{16,128}(\.[a-z0-9]{1,8})?$/;

/** Files in one folder (`${DATA_DIR}/files` by default). Keys are checked so that none can leave the folder. */
export class DiskStorage implements FileStorage {
  constructor(private readonly folder: string) {}

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

  async get(key: string): Promise<Buffer | null> {
    if (!SAFE_KEY.test(key)) return null;
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
