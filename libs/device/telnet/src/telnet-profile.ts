/**
 * How a brand's CLI behaves over telnet. Brand profiles (in @pondesk/device-drivers) are plain objects
 * of this shape so the session code stays brand-agnostic.
 */
export interface Confirmation {
  match: RegExp;
  answer: string;
}

export interface TelnetProfile {
  /** Username prompt (`Username:`, `Login:`, `User name:`, `username:`). */
  loginPrompt: RegExp;
  passwordPrompt: RegExp;
  /** Any CLI prompt at the end of the buffer (unprivileged or privileged, any mode). */
  prompt: RegExp;
  /** A privileged prompt (ends in `#`). */
  privilegedPrompt: RegExp;
  /** Texts that mean the login was refused. */
  loginFailed: RegExp;
  /** Command that enters privileged mode, or null if login lands there. */
  enableCommand: string | null;
  enableFailed: RegExp;
  /** Pager markers; answered with `pagerAnswer` without a newline. */
  pagers: readonly RegExp[];
  pagerAnswer: string;
  /** Sent once after login/enable to turn paging off, when the brand supports it. */
  disablePagerCommands: readonly string[];
  /** Prompts inside command output that need an answer (`(y/n)`). */
  confirmations: readonly Confirmation[];
  /** Unsolicited event lines the OLT prints into any output. */
  eventLines: readonly RegExp[];
  /** Lines that mean the command itself failed. */
  errorLines: readonly RegExp[];
  /** Line terminator the device expects after a command. */
  newline: '\r\n' | '\n' | '\r';
}
