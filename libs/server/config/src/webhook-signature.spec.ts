import { createHmac } from 'node:crypto';
import { signWebhook, verifyWebhookSignature, webhookSignatureProblem } from './webhook-signature';

const SECRET = 'whsec-test-secret';
const BODY = '{"id":"d-1","test":false,"alerts":[],"text":"PON 3 down"}';
const TS = 1740837900;

const headers = (signature: string, timestamp: number | string = TS) => ({
  'x-pondesk-timestamp': String(timestamp),
  'x-pondesk-signature': signature,
});

describe('webhook signatures', () => {
  it('is the hex HMAC-SHA256 of "<timestamp>.<body>"', () => {
    const expected = createHmac('sha256', SECRET).update(`${TS}.${BODY}`).digest('hex');
    expect(signWebhook(SECRET, TS, BODY)).toBe(`sha256=${expected}`);
    expect(signWebhook(SECRET, String(TS), Buffer.from(BODY))).toBe(`sha256=${expected}`);
  });

  it('verifies with the secret, the exact body and a recent timestamp only', () => {
    const signed = headers(signWebhook(SECRET, TS, BODY));
    expect(verifyWebhookSignature(SECRET, signed, BODY, 300, TS + 299)).toBe(true);
    expect(verifyWebhookSignature('other', signed, BODY, 300, TS)).toBe(false);
    expect(verifyWebhookSignature(SECRET, signed, BODY.replace('3', '4'), 300, TS)).toBe(false);
    expect(webhookSignatureProblem(SECRET, signed, BODY, 300, TS + 301)).toBe('stale timestamp');
    expect(webhookSignatureProblem(SECRET, signed, BODY, 300, TS - 301)).toBe('stale timestamp');
  });

  it('does not verify a signature moved to another timestamp', () => {
    const moved = headers(signWebhook(SECRET, TS, BODY), TS + 60);
    expect(webhookSignatureProblem(SECRET, moved, BODY, 300, TS + 60)).toBe('bad signature');
  });

  it('reads fetch Headers and any header case, and names what is missing or malformed', () => {
    const h = new Headers({
      'X-PonDesk-Timestamp': String(TS),
      'X-PonDesk-Signature': signWebhook(SECRET, TS, BODY),
    });
    expect(verifyWebhookSignature(SECRET, h, BODY, 300, TS)).toBe(true);
    const upper = { 'X-PonDesk-Timestamp': String(TS), 'X-PonDesk-Signature': signWebhook(SECRET, TS, BODY) };
    expect(verifyWebhookSignature(SECRET, upper, BODY, 300, TS)).toBe(true);
    expect(webhookSignatureProblem(SECRET, {}, BODY)).toBe('missing timestamp');
    expect(webhookSignatureProblem(SECRET, { 'x-pondesk-timestamp': String(TS) }, BODY, 300, TS)).toBe(
      'missing signature',
    );
    expect(webhookSignatureProblem(SECRET, headers('sha1=abc'), BODY, 300, TS)).toBe('malformed signature');
    expect(webhookSignatureProblem(SECRET, headers('sha256=00', 'soon'), BODY, 300, TS)).toBe(
      'malformed timestamp',
    );
  });
});
