/**
 * Runs a write path's CLI steps in one telnet session and checks every reply before the next step goes out.
 * No public transcript shows what an OLT prints after a successful reboot or delete (CLI-ACTIONS.md §7), and
 * the tools that run these commands live send them into an otherwise silent prompt: anything printed after a
 * step is treated as a refusal, and nothing further (in particular no save) is sent after it.
 */
import type { TelnetProfile, TelnetSession } from '@pondesk/device-telnet';
import { DriverError, DriverErrorCode } from '../support/driver.exception';

/** The commands of one write, in order, and the save that ends it (null: the path does not save). */
export interface CliWrite {
  /** Mode changes and the write command itself: each must be answered by the prompt alone. */
  steps: readonly string[];
  /** `write all`, `save`, `write`: any reply without an error line. */
  save: string | null;
}

/** Lines of a reply that mean failure even where a reply is allowed (a save's progress text). */
const GENERIC_ERROR = /error|fail|invalid|unknown/i;
const QUOTE_LIMIT = 200;

/** Sends each step and checks its reply; throws UNEXPECTED_REPLY at the first reply the step does not expect. */
export async function runCliWrite(
  session: TelnetSession,
  profile: TelnetProfile,
  write: CliWrite,
): Promise<void> {
  const all = write.steps.map((command) => ({ command, save: false }));
  if (write.save !== null) all.push({ command: write.save, save: true });
  for (const [i, step] of all.entries()) {
    const reply = await session.exec(step.command, { allowErrors: true });
    const problem = replyProblem(reply, step.save, profile);
    if (problem !== null)
      throw new DriverError(
        DriverErrorCode.UNEXPECTED_REPLY,
        `step ${i + 1} of ${all.length} ("${step.command}") was answered ${problem}; nothing further was sent`,
      );
  }
}

/**
 * Why a reply is not what the step expects, in words, or null when it is. Confirmation lines the session
 * already answered (`Are you sure …? (y/n) y`) are not part of the reply.
 */
export function replyProblem(reply: string, save: boolean, profile: TelnetProfile): string | null {
  const lines = reply
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !isConfirmation(l, profile));
  if (lines.length === 0) return null;
  const text = quote(lines.join(' | '));
  if (!save) return `with "${text}" where only the prompt was expected`;
  const failed = lines.some((l) => GENERIC_ERROR.test(l) || profile.errorLines.some((r) => r.test(l)));
  return failed ? `with an error: "${text}"` : null;
}

/** A confirmation question, with or without the answer the session typed after it. */
function isConfirmation(line: string, profile: TelnetProfile): boolean {
  return profile.confirmations.some((c) => {
    const answered = new RegExp(`\\s*${escapeRegExp(c.answer)}$`, 'i');
    return c.match.test(line) || c.match.test(line.replace(answered, ''));
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function quote(text: string): string {
  return text.length <= QUOTE_LIMIT ? text : `${text.slice(0, QUOTE_LIMIT - 1)}…`;
}
