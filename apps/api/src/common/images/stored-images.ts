import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import type { AppConfig } from '@pondesk/server-config';
import { randomToken } from '../crypto/tokens';
import { MIME_BY_EXT, type ImageType } from './image-type';

/** A stored image's name: 128 random bits in hex and the extension of the type its bytes showed. */
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/**
 * Uploaded images on disk in one folder under DATA_DIR, each named by 128 random bits (hex) and its
 * extension, so their public links cannot be guessed (profile photos, IP monitor logos).
 */
export abstract class RandomNameFileStore {
  protected constructor(
    private readonly config: AppConfig,
    private readonly folder: string,
  ) {}

  get directory(): string {
    return resolve(process.cwd(), this.config.DATA_DIR, this.folder);
  }

  /** Writes the image and returns its new file name. */
  async save(image: Buffer, ext: string): Promise<string> {
    const dir = this.directory;
    await mkdir(dir, { recursive: true });
    const name = `${Buffer.from(randomToken(16), 'base64url').toString('hex')}.${ext}`;
    await writeFile(join(dir, name), image, { mode: 0o640 });
    return name;
  }

  /**
   * Sends a stored image to a browser (public: <img> sends no token; the name is the secret). A name that
   * is no stored image's, or a file that is gone, answers 404 '<what> not found'.
   */
  send(res: Response, file: string, what: string): void {
    const match = STORED_IMAGE_NAME.exec(file);
    if (!match) throw new NotFoundException(`${what} not found`);
    res.setHeader('Content-Type', MIME_BY_EXT[match[1] as ImageType['ext']]);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.sendFile(file, { root: this.directory, dotfiles: 'deny' }, (error?: Error) => {
      if (error && !res.headersSent)
        res.status(404).json({ statusCode: 404, error: 'Not Found', message: `${what} not found` });
    });
  }

  /** Deletes a stored file; false when it was already gone. */
  protected unlinkFile(file: string): Promise<boolean> {
    return unlink(join(this.directory, file)).then(
      () => true,
      () => false,
    );
  }
}
