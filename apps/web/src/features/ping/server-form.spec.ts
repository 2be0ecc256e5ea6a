import type { MonitorServer } from '@pondesk/contracts';
import {
  logoProblem,
  serverFormErrors,
  serverFormFrom,
  toServerFormData,
  type ServerFormValues,
} from './server-form';

const valid: ServerFormValues = {
  name: 'Google DNS',
  ip: '8.8.8.8',
  latencyLimitMs: '50',
  logo: null,
  removeLogo: false,
};

describe('the server form', () => {
  it('starts a new server at the default 50 ms limit, and an edit from the server', () => {
    expect(serverFormFrom(null)).toEqual({
      name: '',
      ip: '',
      latencyLimitMs: '50',
      logo: null,
      removeLogo: false,
    });
    const s = { name: 'Core', ip: '10.0.0.1', latencyLimitMs: 20 } as MonitorServer;
    expect(serverFormFrom(s)).toMatchObject({ name: 'Core', ip: '10.0.0.1', latencyLimitMs: '20' });
  });

  it('requires a name and an IPv4 address, and a whole-number limit from 1 ms to 60 s', () => {
    expect(serverFormErrors(valid)).toEqual({});
    expect(serverFormErrors({ ...valid, name: '  ', ip: '' })).toEqual({
      name: 'Please enter the server name',
      ip: 'Please enter the IP address',
    });
    expect(serverFormErrors({ ...valid, ip: '300.1.1.1' }).ip).toBe('Enter an IPv4 address, e.g. 10.0.0.1');
    for (const bad of ['0', '12.5', '60001', 'abc'])
      expect(serverFormErrors({ ...valid, latencyLimitMs: bad }).latencyLimitMs).toBe(
        'A whole number of milliseconds from 1 to 60000',
      );
    expect(serverFormErrors({ ...valid, latencyLimitMs: '' }).latencyLimitMs).toBe(
      'Please enter the latency limit',
    );
  });

  it('takes images only, at most 512 KB', () => {
    expect(logoProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(logoProblem({ type: 'application/pdf', size: 1000 })).toBe(
      'The logo must be an image (PNG, JPEG, GIF or WebP)',
    );
    expect(logoProblem({ type: 'image/svg+xml', size: 1000 })).not.toBeNull();
    expect(logoProblem({ type: 'image/jpeg', size: 512 * 1024 + 1 })).toBe('The logo must be at most 512 KB');
  });

  it('sends the trimmed fields, the logo, or removeLogo on an edit', () => {
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const created = toServerFormData(
      { ...valid, name: ' Google DNS ', ip: ' 8.8.8.8', latencyLimitMs: '070', logo },
      false,
    );
    expect(created.get('name')).toBe('Google DNS');
    expect(created.get('ip')).toBe('8.8.8.8');
    expect(created.get('latencyLimitMs')).toBe('70');
    expect((created.get('logo') as File).name).toBe('logo.png');
    expect(created.has('removeLogo')).toBe(false);
    const edited = toServerFormData({ ...valid, removeLogo: true }, true);
    expect(edited.get('removeLogo')).toBe('true');
    expect(edited.has('logo')).toBe(false);
  });
});
