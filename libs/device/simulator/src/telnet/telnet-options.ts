/** Telnet option handling of the simulated boxes: they offer ECHO and SGA and refuse every other option. */

const IAC = 255;
const DONT = 254;
const DO = 253;
const WONT = 252;
const WILL = 251;
const SB = 250;
const SE = 240;
const OPT_ECHO = 1;
const OPT_SGA = 3;

/** Sent on connect: the server echoes and runs in character mode, like the real boxes. */
export const SERVER_OPTIONS = Buffer.from([IAC, WILL, OPT_ECHO, IAC, WILL, OPT_SGA, IAC, DO, OPT_SGA]);

/** Strips telnet commands and subnegotiations from the input stream, answering option requests as it goes. */
export class TelnetInput {
  private iacState: 0 | 1 | 2 | 3 = 0;
  private pendingVerb = 0;

  constructor(private readonly answer: (bytes: Buffer) => void) {}

  /** The data bytes of a chunk (commands may span chunks). */
  data(chunk: Buffer): number[] {
    const out: number[] = [];
    for (const b of chunk) {
      if (this.iacState === 1) {
        if (b === WILL || b === WONT || b === DO || b === DONT) this.iacState = 2;
        else if (b === SB) this.iacState = 3;
        else this.iacState = 0;
        this.pendingVerb = b;
        continue;
      }
      if (this.iacState === 2) {
        this.answerOption(this.pendingVerb, b);
        this.iacState = 0;
        continue;
      }
      if (this.iacState === 3) {
        if (b === SE) this.iacState = 0;
        continue;
      }
      if (b === IAC) {
        this.iacState = 1;
        continue;
      }
      out.push(b);
    }
    return out;
  }

  private answerOption(verb: number, opt: number): void {
    if (verb === DO && opt !== OPT_ECHO && opt !== OPT_SGA) this.answer(Buffer.from([IAC, WONT, opt]));
    if (verb === WILL && opt !== OPT_SGA) this.answer(Buffer.from([IAC, DONT, opt]));
  }
}
