import type { CliSession } from './cli-dialect';
import {
  dispatch,
  enterMode,
  modeIs,
  noPaging,
  notUser,
  onPon,
  within,
  type CliCommand,
} from './cli-dispatch';

const session = (mode: string): CliSession => ({ mode, paging: true, hostname: 'olt', username: 'admin' });

const table: CliCommand[] = [
  noPaging,
  { match: 'show version', run: () => 'v1' },
  ...within(notUser, [
    { match: ['config', 'configure terminal'], run: enterMode('config') },
    { match: /^show onu (\d+)$/, in: modeIs('config'), run: (m) => `onu ${m[1]}` },
    { match: /^show onu (\d+)$/, run: (m) => `later ${m[1]}` },
    onPon(/^reboot (\d+)$/, (pon, m) => `reboot ${pon}/${m[1]}`),
  ]),
];
const unknown = (_: CliSession, line: string): string => `unknown: ${line}`;

describe('dispatch', () => {
  it('matches normalised words, exact lists and patterns', () => {
    expect(dispatch(table, session('user'), '  SHOW   Version ', unknown)).toBe('v1');
    const s = session('enable');
    expect(dispatch(table, s, 'configure terminal', unknown)).toBe('');
    expect(s.mode).toBe('config');
    expect(dispatch(table, s, 'show onu 7', unknown)).toBe('onu 7');
  });

  it('takes the first row whose mode test passes, as an if-chain would', () => {
    expect(dispatch(table, session('enable'), 'show onu 7', unknown)).toBe('later 7');
    expect(dispatch(table, session('pon:3'), 'reboot 5', unknown)).toBe('reboot 3/5');
    expect(dispatch(table, session('config'), 'reboot 5', unknown)).toBe('unknown: reboot 5');
  });

  it('keeps rows out of modes `within` excludes and hands the raw line to the fallback', () => {
    expect(dispatch(table, session('user'), 'Config', unknown)).toBe('unknown: Config');
    const s = session('user');
    expect(dispatch(table, s, 'terminal length 0', unknown)).toBe('');
    expect(s.paging).toBe(false);
  });
});
