import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { randomToken } from '../../common/crypto/tokens';

export const photoUrl = (file: string | null): string | null => (file ? `/api/v1/photos/${file}` : null);

/** Profile photos on disk under DATA_DIR/photos, named by 128 random bits so links cannot be guessed. */
@Injectable()
export class PhotoStorageService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get directory(): string {
    return resolve(process.cwd(), this.config.DATA_DIR, 'photos');
  }

  /** Writes the image and returns its new file name. */
  async save(image: Buffer, ext: string): Promise<string> {
    const dir = this.directory;
    await mkdir(dir, { recursive: true });
    const name = `${Buffer.from(randomToken(16), 'base64url').toString('hex')}.${ext}`;
    await writeFile(join(dir, name), image, { mode: 0o640 });
    return name;
  }

  /** Deletes a photo; false when it was already gone. */
  remove(file: string): Promise<boolean> {
    return unlink(join(this.directory, file)).then(
      () => true,
      () => false,
    );
  }
}
