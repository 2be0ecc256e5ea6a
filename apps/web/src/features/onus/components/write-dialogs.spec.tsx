import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ThemeProvider, createTheme } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OltWritePaths, OnuRow, WritePathInfo } from '@pondesk/contracts';
import { rebootOnu } from '../api';
import { onuKeys } from '../query-keys';
import { writeGate } from '../write-paths';
import { ClearDialog } from './clear-dialog';
import { RebootDialog } from './reboot-dialog';

/**
 * The dialogs as the server renders them (the unit project has no DOM): what an operator sees when the
 * dialog opens on an OLT's write paths. Clicking is left to the browser e2e (onu-writes.e2e.ts).
 * Paths hand-typed from the device-data notes (CLI-ACTIONS.md).
 */

// V-SOL GPON: CLI `onu <o> reboot` in `interface gpon 0/<p>` [I].
const vsolRebootInferred: WritePathInfo = {
  kind: 'reboot',
  via: 'cli',
  evidence: 'inferred',
  steps: ['configure terminal', 'interface gpon 0/<p>', 'onu <o> reboot', 'exit'],
  source: 'the V1600G CLI manual',
};
// BDCOM GPON: SNMP `3320.10.3.2.1.4.<onuIfIndex>` = 1 [S].
const bdcomRebootSnmp: WritePathInfo = {
  kind: 'reboot',
  via: 'snmp',
  evidence: 'production',
  steps: ['SET 1.3.6.1.4.1.3320.10.3.2.1.4.<idx> i 1'],
  source: 'switcher-core',
};
// BDCOM GPON: `no gpon bind-onu sequence <o>` in `interface GPON 0/<p>` [S].
const bdcomDeleteCli: WritePathInfo = {
  kind: 'delete',
  via: 'cli',
  evidence: 'production',
  steps: ['config', 'interface GPON 0/<p>', 'no gpon bind-onu sequence <o>', 'exit', 'exit'],
  source: 'PONMONITOR',
};
// V-SOL GPON: SNMP `37950.1.1.6.1.1.5.3.0` = 2 (delete) [S].
const vsolDeleteSnmp: WritePathInfo = {
  kind: 'delete',
  via: 'snmp',
  evidence: 'production',
  steps: ['SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.3.0 i 2'],
  source: 'switcher-core',
};
const vsolDeleteInferred: WritePathInfo = {
  kind: 'delete',
  via: 'cli',
  evidence: 'inferred',
  steps: ['configure terminal', 'interface epon 0/<p>', 'no onu auth onuid <o>', 'exit'],
  source: 'an EPON CLI manual',
};

const onu: OnuRow = {
  id: 'onu-1',
  oltId: 'olt-1',
  oltName: 'Core OLT',
  oltCode: 'OLT-1',
  pppoeIds: ['alice'],
  lastSeenAt: null,
  statusChangedAt: null,
  ponPort: 2,
  onuId: 9,
  ifName: 'GPON0/2:9',
} as OnuRow;

const writePaths = (p: Partial<OltWritePaths>): OltWritePaths => ({
  reboot: null,
  delete: null,
  clearPort: null,
  missing: {},
  ...p,
});

// A portal needs a DOM; rendered in place, the dialog's content is in the markup.
const theme = createTheme({ components: { MuiDialog: { defaultProps: { disablePortal: true } } } });

function render(ui: ReactElement, paths?: OltWritePaths, telnetOk?: boolean): string {
  const client = new QueryClient();
  if (paths) client.setQueryData(onuKeys.writePaths(onu.oltId), paths);
  if (telnetOk !== undefined) client.setQueryData(['olts', 'telnet-check', onu.oltId], { ok: telnetOk });
  return renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </ThemeProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

/** Whether the button whose text is `label` is disabled; fails when there is no such button. */
function buttonDisabled(html: string, label: string): boolean {
  const buttons = html
    .split('<button')
    .slice(1)
    .map((b) => ({ attrs: b.slice(0, b.indexOf('>')), label: text(`<x${b.split('</button>')[0]}`).trim() }));
  const button = buttons.find((b) => b.label === label);
  if (!button) throw new Error(`no button "${label}" in ${buttons.map((b) => b.label).join(', ')}`);
  return / disabled=""/.test(button.attrs);
}

const hasCheckbox = (html: string) => html.includes('type="checkbox"');

describe('the reboot dialog', () => {
  const reboot = (paths?: OltWritePaths) =>
    render(<RebootDialog onu={onu} onClose={() => undefined} />, paths);

  it('with an inferred command: says so, asks for consent, and keeps Reboot disabled until it is given', () => {
    const html = reboot(writePaths({ reboot: vsolRebootInferred }));
    expect(text(html)).toContain(
      "This OLT's reboot command is inferred: it has never been seen working on a real device. It may do nothing, or something else.",
    );
    expect(text(html)).toContain('Sent over telnet · inferred (never seen on a device)');
    expect(text(html)).toContain('Send the inferred command anyway');
    expect(hasCheckbox(html)).toBe(true);
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
    expect(buttonDisabled(html, 'Reboot')).toBe(true);
    expect(buttonDisabled(html, 'Cancel')).toBe(false);
  });

  it("shows the commands filled in with the ONU's port and id", () => {
    const html = reboot(writePaths({ reboot: vsolRebootInferred }));
    const steps = /data-testid="write-path-steps"[^>]*>([^<]*)</.exec(html)?.[1];
    expect(steps).toBe('configure terminal\ninterface gpon 0/2\nonu 9 reboot\nexit');
  });

  it('with a production command: the evidence in words, no checkbox, Reboot enabled', () => {
    const html = reboot(writePaths({ reboot: bdcomRebootSnmp }));
    expect(text(html)).toContain('Sent over SNMP · used by production tools on real OLTs');
    expect(text(html)).toContain('SET 1.3.6.1.4.1.3320.10.3.2.1.4.<idx> i 1');
    expect(text(html)).not.toContain('inferred');
    expect(hasCheckbox(html)).toBe(false);
    expect(buttonDisabled(html, 'Reboot')).toBe(false);
  });

  it('with no path: the reason, and Reboot disabled', () => {
    const reason = 'No ONU reboot command with evidence is known for HSGQ GPON';
    const html = reboot(writePaths({ missing: { reboot: reason } }));
    expect(text(html)).toContain(reason);
    expect(html).not.toContain('write-path-steps');
    expect(hasCheckbox(html)).toBe(false);
    expect(buttonDisabled(html, 'Reboot')).toBe(true);
  });

  it('while the paths load: a progress line, and Reboot disabled', () => {
    const html = reboot();
    expect(text(html)).toContain('Reading how this OLT is written to…');
    expect(buttonDisabled(html, 'Reboot')).toBe(true);
  });
});

describe('the clear dialog', () => {
  const clear = (paths?: OltWritePaths, telnetOk?: boolean) =>
    render(<ClearDialog onu={onu} onClose={() => undefined} />, paths, telnetOk);

  it('over SNMP: Yes is enabled once the paths are known, without a telnet check', () => {
    const html = clear(writePaths({ delete: vsolDeleteSnmp }));
    expect(text(html)).toContain('Sent over SNMP · used by production tools on real OLTs');
    expect(text(html)).not.toContain('telnet login');
    expect(buttonDisabled(html, 'Yes, clear it!')).toBe(false);
  });

  it('over telnet: Yes waits for the telnet login to work', () => {
    const paths = writePaths({ delete: bdcomDeleteCli });
    expect(buttonDisabled(clear(paths), 'Yes, clear it!')).toBe(true);
    expect(buttonDisabled(clear(paths, false), 'Yes, clear it!')).toBe(true);
    expect(buttonDisabled(clear(paths, true), 'Yes, clear it!')).toBe(false);
    expect(text(clear(paths, true))).toContain('interface GPON 0/2 no gpon bind-onu sequence 9');
  });

  it('with an inferred command: the warning and the checkbox, Yes disabled even with a working login', () => {
    const html = clear(writePaths({ delete: vsolDeleteInferred }), true);
    expect(text(html)).toContain("This OLT's delete command is inferred");
    expect(hasCheckbox(html)).toBe(true);
    expect(buttonDisabled(html, 'Yes, clear it!')).toBe(true);
  });

  it('with no path: the reason, and Yes disabled; forgetting the record stays possible', () => {
    const reason = 'The ONU delete needs a web login for this OLT';
    const html = clear(writePaths({ missing: { delete: reason } }));
    expect(text(html)).toContain(reason);
    expect(buttonDisabled(html, 'Yes, clear it!')).toBe(true);
    expect(buttonDisabled(html, 'Delete Only Port')).toBe(false);
  });
});

describe('the reboot request', () => {
  let fetchMock: jest.SpiedFunction<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response('{"ok":true}', { status: 201 }));
  });
  afterEach(() => fetchMock.mockRestore());

  const sent = () => ({ url: fetchMock.mock.calls[0][0], body: fetchMock.mock.calls[0][1]?.body });

  it('carries acceptInferred: true once the operator has consented to an inferred command', async () => {
    const gate = writeGate(writePaths({ reboot: vsolRebootInferred }), 'reboot', true);
    if (gate.state !== 'ready') throw new Error(`not ready: ${gate.state}`);
    await rebootOnu({ id: onu.id, ...gate.request });
    expect(sent()).toEqual({ url: '/api/v1/onus/onu-1/reboot', body: '{"acceptInferred":true}' });
  });

  it('does not carry it for a production command', async () => {
    const gate = writeGate(writePaths({ reboot: bdcomRebootSnmp }), 'reboot', false);
    if (gate.state !== 'ready') throw new Error(`not ready: ${gate.state}`);
    await rebootOnu({ id: onu.id, ...gate.request });
    expect(sent()).toEqual({ url: '/api/v1/onus/onu-1/reboot', body: '{}' });
  });
});
