import { Writable } from 'node:stream';
import pino from 'pino';
import { basePinoOptions } from './pino-options';

describe('log redaction of the VPN concentrator login', () => {
  it('censors VPN_CONCENTRATOR_PASSWORD in a logged configuration and a PPP secret password in a job', () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        chunks.push(String(chunk));
        cb();
      },
    });
    const logger = pino(basePinoOptions('info', 'test'), stream);
    logger.info(
      {
        config: { VPN_CONCENTRATOR_HOST: '10.20.0.1', VPN_CONCENTRATOR_PASSWORD: 'concentrator-secret' },
        job: { account: { username: 'pd-1a2b3c4d', password: 'Tq8vW2nL5xR7mK3p' } },
      },
      'vpn',
    );
    const text = chunks.join('');
    expect(text).not.toContain('concentrator-secret');
    expect(text).not.toContain('Tq8vW2nL5xR7mK3p');
    const line = JSON.parse(text) as {
      config: Record<string, string>;
      job: { account: Record<string, string> };
    };
    expect(line.config).toEqual({
      VPN_CONCENTRATOR_HOST: '10.20.0.1',
      VPN_CONCENTRATOR_PASSWORD: '[redacted]',
    });
    expect(line.job.account).toEqual({ username: 'pd-1a2b3c4d', password: '[redacted]' });
  });
});
