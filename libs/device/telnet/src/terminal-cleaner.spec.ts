import {
  TelnetStreamFilter,
  cleanTerminalText,
  filterEventLines,
  negotiationReply,
  removePagers,
  renderLine,
} from './terminal-cleaner';

describe('terminal cleaning', () => {
  it('renders ESC[nC as n spaces and drops other CSI sequences', () => {
    expect(renderLine('EPON0/1:1\x1b[3C27.45\x1b[13C3.39')).toBe('EPON0/1:1   27.45             3.39');
    expect(renderLine('\x1b[1;32mgreen\x1b[0m text')).toBe('green text');
    expect(renderLine('abc\x1b[Kdef')).toBe('abcdef');
  });

  it('applies backspace redraws, carriage returns and drops NUL', () => {
    const pager = ` --More-- \x00${'\b'.repeat(10)}${' '.repeat(10)}${'\b'.repeat(10)}`;
    expect(renderLine(`${pager}EPON0/1:2   online`)).toBe('EPON0/1:2   online');
    expect(renderLine('old text\rnew')).toBe('new text');
    expect(renderLine('abc\b\bX')).toBe('aXc');
    expect(cleanTerminalText('a\r\r\nb\r\n')).toBe('a\nb\n');
  });

  it('strips telnet IAC negotiation even when split across chunks and unescapes 0xFF', () => {
    const f = new TelnetStreamFilter();
    const a = f.push(Buffer.from([0x61, 255, 251, 1, 0x62, 255]));
    const b = f.push(Buffer.from([253, 31, 0x63, 255, 250, 31, 0, 80, 0, 24, 255, 240, 0x64, 255, 255]));
    expect(Buffer.concat([a.data, b.data]).toString('latin1')).toBe('abcd\xff');
    expect(a.commands).toEqual([{ command: 251, option: 1, offset: 1 }]);
    expect(b.commands).toEqual([{ command: 253, option: 31, offset: -1 }]);
    expect(negotiationReply({ command: 251, option: 1, offset: 0 })).toEqual(Buffer.from([255, 253, 1]));
    expect(negotiationReply({ command: 253, option: 31, offset: 0 })).toEqual(Buffer.from([255, 252, 31]));
  });

  it('removes pager leftovers and event lines', () => {
    expect(
      removePagers("row1  --More ( Press 'Q' to quit )--row2", [/\s*--More \( Press 'Q' to quit \)--\s*/]),
    ).toBe('row1row2');
    expect(
      filterEventLines(
        ['a', '2026/05/25 17:08:24   ONU Port Los   PON 0/3 ONU 50 LINK DOWN', 'b'],
        [/^\s*\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}\s{2,}\S/],
      ),
    ).toEqual(['a', 'b']);
  });
});
