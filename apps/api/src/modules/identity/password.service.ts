import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id with OWASP's minimum parameters (19 MiB, t=2, p=1). */
@Injectable()
export class PasswordService {
  private dummy?: Promise<string>;

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    // Unknown users still cost one verification, so timing does not tell who exists.
    this.dummy ??= this.hash('not-a-real-password-0123456789');
    const target = hash ?? (await this.dummy);
    try {
      const ok = await argon2.verify(target, password);
      return ok && hash !== null;
    } catch {
      return false;
    }
  }
}
