/**
 * Redaction of recordings. Inputs are hand-typed from the real samples the notes quote (HTTP.md's
 * `d8:42:ac:cb:5c:d0`, CLI.md's `FHTT:6A1184B7`, BDCOM's glued `EPON0/15:5410f7.a6c4.cfb6`, SNMP.md's
 * `ZTEGd5d46321`, the bind index `<ponIfIndex>.<6 MAC octets>`).
 */
import { Pseudonymiser, REDACTED } from './record-redact';

const KEY: Buffer = Buffer.alloc(32, 7);
const MAC = 'd8:42:ac:cb:5c:d0';

function sealed(collect: (p: Pseudonymiser) => void, secrets: string[] = [], key = KEY): Pseudonymiser {
  const p = new Pseudonymiser(key, secrets);
  collect(p);
  p.seal();
  return p;
}

const hex = (s: string): string => s.replace(/[^0-9a-f]/gi, '').toLowerCase();

describe('Pseudonymiser', () => {
  it('maps one MAC to one pseudonym in every form, keeping each form’s separators and case', () => {
    const p = sealed((x) => x.collectText(`onu ${MAC} up`));
    const fake = hex(p.text(MAC));
    expect(fake).toMatch(/^[0-9a-f]{12}$/);
    expect(fake).not.toBe(hex(MAC));
    // Locally administered, unicast.
    expect(parseInt(fake.slice(0, 2), 16) & 0x03).toBe(0x02);
    const forms: [string, RegExp][] = [
      ['d8:42:ac:cb:5c:d0', /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/],
      ['D8-42-AC-CB-5C-D0', /^[0-9A-F]{2}(-[0-9A-F]{2}){5}$/],
      ['d842.accb.5cd0', /^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/],
      ['D842:ACCB:5CD0', /^[0-9A-F]{4}:[0-9A-F]{4}:[0-9A-F]{4}$/],
      ['d842-accb-5cd0', /^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/],
      ['d842accb5cd0', /^[0-9a-f]{12}$/],
    ];
    for (const [form, shape] of forms) {
      const out = p.text(form);
      expect(out).toMatch(shape);
      expect(hex(out)).toBe(fake);
    }
    expect(p.octets(Buffer.from('d842accb5cd0', 'hex')).toString('hex')).toBe(fake);
    expect(p.text(`"macaddr":"${MAC}"`)).toBe(`"macaddr":"${p.text(MAC)}"`);
  });

  it('finds a MAC only known as 6 binary octets, also in an OID index (BDCOM bind table)', () => {
    const p = sealed((x) => x.collectOctets(Buffer.from([0xd8, 0x42, 0xac, 0xcb, 0x5c, 0xd0])));
    const fake = hex(p.text(MAC));
    expect(fake).not.toBe(hex(MAC));
    const arcs = p.oid('1.3.6.1.4.1.3320.101.11.1.1.3.11.216.66.172.203.92.208').split('.');
    expect(arcs.slice(0, 13).join('.')).toBe('1.3.6.1.4.1.3320.101.11.1.1.3.11');
    expect(Buffer.from(arcs.slice(13).map(Number)).toString('hex')).toBe(fake);
  });

  it('rewrites the dotted MAC BDCOM glues to the ONU name', () => {
    const p = sealed((x) => x.collectText('EPON0/15:5410f7.a6c4.cfb6 lost'));
    const out = p.text('EPON0/15:5410f7.a6c4.cfb6 lost');
    expect(out).toMatch(/^EPON0\/15:54[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4} lost$/);
    expect(out).not.toContain('10f7.a6c4.cfb6');
  });

  it('keeps the all-zero MAC (the device’s "none")', () => {
    const p = sealed((x) => x.collectText('mac 00:00:00:00:00:00'));
    expect(p.text('mac 00:00:00:00:00:00')).toBe('mac 00:00:00:00:00:00');
  });

  it('maps a GPON serial in text, colon, hex and 8-octet forms to one pseudonym with the vendor kept', () => {
    const p = sealed((x) => x.collectText('GPON0/1:126  FHTT:6A1184B7  N/A  off-line'));
    const colon = p.text('FHTT:6A1184B7');
    expect(colon).toMatch(/^FHTT:[0-9A-F]{8}$/);
    expect(colon).not.toBe('FHTT:6A1184B7');
    const tail = colon.slice(5);
    expect(p.text('FHTT6A1184B7')).toBe(`FHTT${tail}`);
    expect(p.text('464854546a1184b7')).toBe(`46485454${tail.toLowerCase()}`);
    const octets = p.octets(Buffer.concat([Buffer.from('FHTT'), Buffer.from('6A1184B7', 'hex')]));
    expect(octets.toString('latin1', 0, 4) + octets.subarray(4).toString('hex').toUpperCase()).toBe(
      `FHTT${tail}`,
    );
    // Lower-case hex stays lower case (SNMP.md's C-Data sample).
    const z = sealed((x) => x.noteSerial('ZTEGd5d46321'));
    expect(z.text('sn ZTEGd5d46321')).toMatch(/^sn ZTEG[0-9a-f]{8}$/);
  });

  it('replaces a free-form serial the driver reported, and one labelled as a serial, keeping their shape', () => {
    const p = sealed((x) => {
      x.noteSerial('EP21A0773');
      x.collectText('{"sn":"AVC712611F","vendor":"AVIES"}');
    });
    const out = p.text('serial EP21A0773; {"sn":"AVC712611F","vendor":"AVIES"}');
    expect(out).not.toContain('EP21A0773');
    expect(out).not.toContain('AVC712611F');
    expect(out).toMatch(/^serial [A-Z]{2}\d{2}[A-Z]\d{4}; \{"sn":"[A-Z]{3}\d{6}[A-Z]","vendor":"AVIES"\}$/);
  });

  it('replaces IPv4 addresses but not loopback, masks, versions or OIDs', () => {
    const text =
      'gw 10.20.30.40 mask 255.255.255.0 lo 127.0.0.1 Firmware version : 4.2.7.58 oid 1.3.6.1.4.1.17409 peer 10.20.30.41';
    const p = sealed((x) => x.collectText(text));
    expect(p.text(text)).toBe(
      'gw 192.0.2.1 mask 255.255.255.0 lo 127.0.0.1 Firmware version : 4.2.7.58 oid 1.3.6.1.4.1.17409 peer 192.0.2.2',
    );
    expect(p.ip('10.20.30.40')).toBe('192.0.2.1');
  });

  it('cuts secrets everywhere, short ones only where they stand alone', () => {
    const p = sealed(() => undefined, ['S3cretPw', 'ro', 'olt.example.net']);
    expect(p.text('Password: S3cretPw; enable S3cretPw')).toBe(`Password: ${REDACTED}; enable ${REDACTED}`);
    expect(p.text('community ro; routers')).toBe(`community ${REDACTED}; routers`);
    expect(p.text('host olt.example.net')).toBe(`host ${REDACTED}`);
    expect(p.json('{"onu_id":1,"password":"abc123","loid":""}')).toBe(
      `{"onu_id":1,"password":"${REDACTED}","loid":""}`,
    );
    expect(p.counts().secrets).toBe(5);
  });

  it('replaces the host name in prompts whatever its length, in text only as a long whole word', () => {
    const p = sealed((x) => {
      x.noteHostname('OLT');
      x.noteHostname('pop7-east');
    });
    const short = p.prompt('OLT(config)#');
    expect(short).toMatch(/^olt-[0-9a-f]{6}\(config\)#$/);
    expect(p.text('OLT Rx power')).toBe('OLT Rx power');
    expect(p.hostname('OLT')).toBe(short.slice(0, 10));
    const long = p.prompt('pop7-east#');
    expect(p.text('pop7-east\nDevice model : FD1504S')).toBe(`${long.slice(0, -1)}\nDevice model : FD1504S`);
    expect(p.text('pop7-eastern')).toBe('pop7-eastern');
  });

  it('is deterministic per key and different across keys', () => {
    const make = (key: Buffer): string => sealed((x) => x.collectText(MAC), [], key).text(MAC);
    expect(make(KEY)).toBe(make(Buffer.alloc(32, 7)));
    expect(make(KEY)).not.toBe(make(Buffer.alloc(32, 8)));
  });

  it('refuses to rewrite before sealing', () => {
    expect(() => new Pseudonymiser(KEY, []).text(MAC)).toThrow(/seal/);
  });
});
