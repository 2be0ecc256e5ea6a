import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

function keyFrom(material: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(material)
    ? Buffer.from(material, 'hex')
    : Buffer.from(material, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes');
  return key;
}

/**
 * AES-256-GCM for device credentials at rest. The stored form is `v1.<iv>.<tag>.<ciphertext>` (base64url),
 * so a tampered or foreign value fails to open instead of decrypting to garbage.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = keyFrom(keyMaterial);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  sealOptional(plain: string | null | undefined): string | null {
    return plain === null || plain === undefined || plain === '' ? null : this.seal(plain);
  }

  openOptional(sealed: string | null | undefined): string | null {
    return sealed ? this.open(sealed) : null;
  }
}
