import { BadRequestException, ForbiddenException } from '@nestjs/common';
import type { Request } from 'express';
import { DevOutboxController, fromThisMachine } from './dev-outbox.controller';
import { DevOutboxService } from './dev-outbox.service';

const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as Request;

describe('the development outbox', () => {
  const controller = new DevOutboxController(new DevOutboxService());

  it('answers clients on the machine itself, whatever they claim in proxy headers', () => {
    expect(fromThisMachine(from('127.0.0.1'))).toBe(true);
    expect(fromThisMachine(from('::1'))).toBe(true);
    expect(fromThisMachine(from('::ffff:127.0.0.1'))).toBe(true);
    expect(fromThisMachine(from('127.23.4.5'))).toBe(true);
    expect(() => controller.read(from('127.0.0.1'))).not.toThrow();
  });

  it('refuses every other client: OTPs and reset links stay on the machine', () => {
    expect(() => controller.read(from('192.168.1.20'))).toThrow(ForbiddenException);
    expect(() => controller.read(from('::ffff:10.0.0.5'))).toThrow(ForbiddenException);
    expect(() => controller.read(from('128.0.0.1'))).toThrow(ForbiddenException);
    expect(() => controller.read(from('::ffff:1.127.0.0'))).toThrow(ForbiddenException);
  });

  it('refuses a request a proxy on this machine relayed: behind it every client looks local', () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via', 'x-forwarded-proto']) {
      expect(fromThisMachine(from('127.0.0.1', { [header]: '203.0.113.9' }))).toBe(false);
      expect(() => controller.read(from('127.0.0.1', { [header]: '203.0.113.9' }))).toThrow(
        ForbiddenException,
      );
    }
  });

  it('names a malformed recipient', () => {
    expect(() => controller.read(from('127.0.0.1'), ['a', 'b'])).toThrow(BadRequestException);
    expect(() => controller.read(from('127.0.0.1'), 'x'.repeat(255))).toThrow(BadRequestException);
  });
});
