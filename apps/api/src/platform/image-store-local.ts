/**
 * The local-disk ImageStore (docs/ARCHITECTURE.md, "Uploads"): files under `${DATA_DIR}/uploads/`,
 * one per key. For one process or nodes sharing that directory; several nodes use the S3 adapter.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { badRequest } from './errors.ts';
import { contentTypeOfKey, type ImageStore, type StoredImage } from './image-store.ts';

export class LocalImageStore implements ImageStore {
  readonly kind = 'local' as const;
  /** Absolute directory the files live in; created on the first `put`. */
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'uploads');
  }

  /** The file of a key: a valid key, and (checked again on the resolved path) inside `root`. */
  pathOf(key: string): string {
    contentTypeOfKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw badRequest('Invalid image key');
    return path;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (contentType !== contentTypeOfKey(key)) {
      throw new Error(`Content type ${contentType} does not match the key ${key}`);
    }
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, path);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredImage | null> {
    const path = this.pathOf(key);
    try {
      return { bytes: await readFile(path), contentType: contentTypeOfKey(key) };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
