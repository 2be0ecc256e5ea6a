import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { RandomNameFileStore, STORED_IMAGE_NAME } from '../../common/images/stored-images';

export const logoUrl = (file: string | null): string | null =>
  file ? `/api/v1/monitor/logos/${file}` : null;

/**
 * Server logos on disk under DATA_DIR/monitor-logos (beside the profile photos), named by 128 random
 * bits so their public links cannot be guessed.
 */
@Injectable()
export class LogoStorageService extends RandomNameFileStore {
  private readonly logger = new Logger(LogoStorageService.name);

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config, 'monitor-logos');
  }

  /** Deletes a logo; a file already gone (or a name that is no logo's) is only noted. */
  async remove(file: string | null): Promise<void> {
    if (!file || !STORED_IMAGE_NAME.test(file)) return;
    if (!(await this.unlinkFile(file))) this.logger.warn(`logo ${file} was already gone`);
  }
}
