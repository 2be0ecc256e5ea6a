import { VirtualMib, int, str, SetStatus } from './virtual-mib';
import { bulk } from './snmp-agent';

function sample(): { mib: VirtualMib; rows: { id: number; name: string; sparse: boolean }[] } {
  const rows = [
    { id: 2, name: 'b', sparse: false },
    { id: 10, name: 'c', sparse: true },
    { id: 1, name: 'a', sparse: false },
  ];
  const mib = new VirtualMib()
    .addScalar('1.3.6.1.2.1.1.5.0', () => str('host'))
    .addTable({
      rows: () => rows.map((r) => ({ index: [r.id], row: r })),
      columns: [
        { oid: '1.3.6.1.4.1.9.1.2', value: (r) => str(r.name) },
        {
          oid: '1.3.6.1.4.1.9.1.3',
          value: (r) => (r.sparse ? null : int(r.id * 10)),
          set: (r, v) => (v === 1 ? ((r.name = 'x'), SetStatus.ok) : SetStatus.wrongValue),
        },
      ],
    });
  return { mib, rows };
}

describe('VirtualMib', () => {
  it('walks columns in OID order with rows sorted by index, skipping sparse cells', () => {
    const { mib } = sample();
    const seen: string[] = [];
    let oid = '1.3.6.1';
    for (;;) {
      const vb = mib.getNext(oid);
      if (!vb) break;
      seen.push(`${vb.oid}=${String(vb.value)}`);
      oid = vb.oid;
    }
    expect(seen).toEqual([
      '1.3.6.1.2.1.1.5.0=host',
      '1.3.6.1.4.1.9.1.2.1=a',
      '1.3.6.1.4.1.9.1.2.2=b',
      '1.3.6.1.4.1.9.1.2.10=c',
      '1.3.6.1.4.1.9.1.3.1=10',
      '1.3.6.1.4.1.9.1.3.2=20',
    ]);
  });

  it('a cursor reads from any point what successive GETNEXTs read (a GETBULK repeater)', () => {
    const { mib } = sample();
    const cursor = mib.walkFrom('1.3.6.1.4.1.9.1.2.2');
    const read = Array.from({ length: 4 }, () => cursor.next()?.oid ?? null);
    expect(read).toEqual(['1.3.6.1.4.1.9.1.2.10', '1.3.6.1.4.1.9.1.3.1', '1.3.6.1.4.1.9.1.3.2', null]);
    // Past the end it stays at the end.
    expect(cursor.next()).toBeNull();
  });

  it('starts inside, before and between columns like a real agent', () => {
    const { mib } = sample();
    expect(mib.getNext('1.3.6.1.4.1.9.1.2.1')?.oid).toBe('1.3.6.1.4.1.9.1.2.2');
    expect(mib.getNext('1.3.6.1.4.1.9.1.2.1.5')?.oid).toBe('1.3.6.1.4.1.9.1.2.2');
    expect(mib.getNext('1.3.6.1.4.1.9.1.2.3')?.oid).toBe('1.3.6.1.4.1.9.1.2.10');
    expect(mib.getNext('1.3.6.1.4.1.9')?.oid).toBe('1.3.6.1.4.1.9.1.2.1');
    expect(mib.getNext('1.3.6.1.4.1.9.1.3.2')).toBeNull();
  });

  it('GET answers values, noSuchInstance and noSuchObject', () => {
    const { mib } = sample();
    expect(mib.get('1.3.6.1.4.1.9.1.3.2')).toMatchObject({ type: 2, value: 20 });
    expect(mib.get('1.3.6.1.4.1.9.1.3.10').type).toBe(129);
    expect(mib.get('1.3.6.1.4.1.9.1.3.7').type).toBe(129);
    expect(mib.get('1.3.6.1.4.1.99.1').type).toBe(128);
  });

  it('SET reaches writable cells only', () => {
    const { mib, rows } = sample();
    expect(mib.set('1.3.6.1.4.1.9.1.3.2', 1)).toBe(SetStatus.ok);
    expect(rows.find((r) => r.id === 2)?.name).toBe('x');
    expect(mib.set('1.3.6.1.4.1.9.1.3.2', 5)).toBe(SetStatus.wrongValue);
    expect(mib.set('1.3.6.1.4.1.9.1.2.2', 1)).toBe(SetStatus.notWritable);
  });

  it('GETBULK repeats over the repeaters and marks endOfMibView', () => {
    const { mib } = sample();
    const out = bulk(mib, ['1.3.6.1.2.1.1', '1.3.6.1.4.1.9.1.2', '1.3.6.1.4.1.9.1.3.1'], 1, 3);
    expect(out.map((v) => `${v.oid}:${v.type}`)).toEqual([
      '1.3.6.1.2.1.1.5.0:4',
      '1.3.6.1.4.1.9.1.2.1:4',
      '1.3.6.1.4.1.9.1.3.2:2',
      '1.3.6.1.4.1.9.1.2.2:4',
      '1.3.6.1.4.1.9.1.3.2:130',
      '1.3.6.1.4.1.9.1.2.10:4',
      '1.3.6.1.4.1.9.1.3.2:130',
    ]);
  });

  it('rejects columns that contain each other', () => {
    const mib = new VirtualMib().addTable({
      rows: () => [{ index: [1], row: 1 }],
      columns: [
        { oid: '1.3.6.1.4.1.9.1', value: () => int(1) },
        { oid: '1.3.6.1.4.1.9.1.2', value: () => int(1) },
      ],
    });
    expect(() => mib.getNext('1.3')).toThrow(/contains/);
  });
});
