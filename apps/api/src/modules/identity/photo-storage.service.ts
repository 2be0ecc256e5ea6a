import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@pondesk/server-config';
import { RandomNameFileStore } from '../../common/images/stored-images';

export const photoUrl = (file: string | null): string | null => (file ? `/api/v1/photos/${file}` : null);

/** Profile photos on disk under DATA_DIR/photos, named by 128 random bits so links cannot be guessed. */
@Injectable()
export class PhotoStorageService extends RandomNameFileStore {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config, 'photos');
  }

  /** Deletes a photo; false when it was already gone. */
  remove(file: string): Promise<boolean> {
    return this.unlinkFile(file);
  }
}
