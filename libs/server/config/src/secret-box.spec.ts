import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('ab'.repeat(32));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('community-public-1');
    expect(sealed).not.toContain('community');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toBe('community-public-1');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('x')).not.toBe(box.seal('x'));
  });

  it('refuses tampered values and values sealed with another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 1).toString('base64')).open(sealed)).toThrow();
    expect(() => box.open('plain-text')).toThrow('Not a sealed secret');
  });

  it('treats empty as no secret', () => {
    expect(box.sealOptional('')).toBeNull();
    expect(box.openOptional(null)).toBeNull();
  });
});
