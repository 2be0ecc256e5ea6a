export type { TelnetProfile, Confirmation } from './telnet-profile';
export { TelnetSession } from './telnet-session';
export type { TelnetSessionOptions, ExecOptions } from './telnet-session';
export { TelnetError, TelnetErrorCode } from './telnet.exception';
export {
  TelnetStreamFilter,
  negotiationReply,
  renderLine,
  cleanTerminalText,
  removePagers,
  filterEventLines,
} from './terminal-cleaner';
export type { IacReply } from './terminal-cleaner';
export { observeTelnet } from './telnet-observer';
export type { TelnetExchange, TelnetObserver } from './telnet-observer';
