import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { randomToken } from '../../common/crypto/tokens';

export const logoUrl = (file: string | null): string | null =>
  file ? `/api/v1/monitor/logos/${file}` : null;

/** A stored logo's name: 128 random bits in hex and the extension of the type its bytes showed. */
export const LOGO_FILE_PATTERN = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/**
 * Server logos on disk under DATA_DIR/monitor-logos (beside the profile photos), named by 128 random
 * bits so their public links cannot be guessed.
 */
@Injectable()
export class LogoStorageService {
  private readonly logger = new Logger(LogoStorageService.name);

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get directory(): string {
    return resolve(process.cwd(), this.config.DATA_DIR, 'monitor-logos');
  }

  /** Writes the image and returns its new file name. */
  async save(image: Buffer, ext: string): Promise<string> {
    const dir = this.directory;
    await mkdir(dir, { recursive: true });
    const name = `${Buffer.from(randomToken(16), 'base64url').toString('hex')}.${ext}`;
    await writeFile(join(dir, name), image, { mode: 0o640 });
    return name;
  }

  /** Deletes a logo; a file already gone (or a name that is no logo's) is only noted. */
  async remove(file: string | null): Promise<void> {
    if (!file || !LOGO_FILE_PATTERN.test(file)) return;
    await unlink(join(this.directory, file)).catch(() => this.logger.warn(`logo ${file} was already gone`));
  }
}
