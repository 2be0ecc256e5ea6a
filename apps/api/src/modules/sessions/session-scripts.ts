/**
 * The PPP profile scripts a tenant pastes into its MikroTik routers: on-up and on-down post the session
 * event with `/tool fetch` (form-encoded; the RouterOS variables `user`, `caller-id`, `remote-address`
 * are documented for both hooks), the ingest key in a header, errors logged on the router instead of
 * failing the hook. v6 and v7 differ in command syntax and in v7's shorter idle timeout, so a dead
 * collector holds the hook for 2 s rather than 10.
 */
export function sessionScripts(url: string, key: string): { v6: string; v7: string } {
  const body = (action: string) =>
    `("action=${action}&user=" . $user . "&caller-id=" . $"caller-id" . "&remote-address=" . $"remote-address" . "&router=" . [/system identity get name])`;
  const header = `Content-Type:application/x-www-form-urlencoded,X-Ingest-Key:${key}`;
  const hook = (action: string, fetch: string) =>
    `{\n  :local d ${body(action)}\n  :do {\n    ${fetch} http-data=$d output=none\n  } on-error={ :log warning ("PonDesk: session ${action} not sent for " . $user) }\n}`;
  const v6fetch = `/tool fetch url="${url}" http-method=post http-header-field="${header}"`;
  const v7fetch = `/tool/fetch url="${url}" http-method=post http-header-field="${header}" idle-timeout=2s`;
  const intro = (v: string) =>
    `# PonDesk: PPPoE session events (RouterOS ${v}). Replace PROFILE with your PPPoE profile's name;\n` +
    `# profiles that already have on-up/on-down scripts: add these lines to them instead.\n`;
  return {
    v6: `${intro('v6')}/ppp profile set [find name="PROFILE"] on-up=${hook('up', v6fetch)} on-down=${hook('down', v6fetch)}\n`,
    v7: `${intro('v7')}/ppp/profile/set [find name="PROFILE"] on-up=${hook('up', v7fetch)} on-down=${hook('down', v7fetch)}\n`,
  };
}
