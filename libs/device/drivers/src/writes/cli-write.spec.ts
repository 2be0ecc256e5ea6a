/** Which CLI replies a write step accepts, with the brands' own session profiles and hand-typed replies. */
import { bdcomTelnet } from '../profiles/bdcom-common';
import { cdataTelnet } from '../profiles/cdata-common';
import { replyProblem } from './cli-write';

describe('replyProblem', () => {
  it('a write command or mode change accepts only the prompt; the answered y/n question is not a reply', () => {
    expect(replyProblem('', false, bdcomTelnet)).toBeNull();
    expect(replyProblem('Are you sure to reboot the onu? (y/n) [n]y', false, bdcomTelnet)).toBeNull();
    expect(replyProblem('Are you sure to delete the ONT? (y/n): y\n', false, cdataTelnet)).toBeNull();
  });

  it('anything else after a write command is unexpected, quoted', () => {
    expect(replyProblem('% Unknown command.', false, bdcomTelnet)).toBe(
      'with "% Unknown command." where only the prompt was expected',
    );
    expect(replyProblem('Are you sure? (y/n) y\nThe ONT is not exist', false, cdataTelnet)).toBe(
      'with "The ONT is not exist" where only the prompt was expected',
    );
  });

  it('a save accepts progress text but not an error line', () => {
    expect(replyProblem('Building configuration...\n[OK]', true, bdcomTelnet)).toBeNull();
    expect(
      replyProblem(
        'Saving configuration, please wait...\nSave configuration successfully.',
        true,
        cdataTelnet,
      ),
    ).toBeNull();
    expect(replyProblem('Building configuration...\nSave failed: no space', true, bdcomTelnet)).toBe(
      'with an error: "Building configuration... | Save failed: no space"',
    );
    expect(replyProblem('% Incomplete command.', true, bdcomTelnet)).toMatch(/^with an error/);
  });

  it('quotes at most 200 characters of a long reply', () => {
    const problem = replyProblem('x'.repeat(500), false, bdcomTelnet) ?? '';
    expect(problem).toContain(`"${'x'.repeat(199)}…"`);
    expect(problem).not.toContain('x'.repeat(200));
  });
});
