import { sniffImage } from './image-type';

describe('sniffImage', () => {
  it('knows PNG, JPEG, GIF and WebP by their bytes', () => {
    expect(sniffImage(Buffer.from('89504e470d0a1a0a0000', 'hex'))?.ext).toBe('png');
    expect(sniffImage(Buffer.from('ffd8ffe000104a464946', 'hex'))?.ext).toBe('jpg');
    expect(sniffImage(Buffer.from('GIF89a....', 'latin1'))?.ext).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))?.ext).toBe('webp');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});
