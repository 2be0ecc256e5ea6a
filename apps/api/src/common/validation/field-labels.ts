/**
 * How the forms label the request fields, for the messages of 400 answers: people read "Olt IP must
 * be…", while the body's `fields[].field` keeps the key so clients can attach the message to an input.
 * Keys whose label differs between forms (name, code, username) fall back to the plain wording.
 */
const LABELS: Readonly<Record<string, string>> = {
  host: 'Olt IP',
  snmpPort: 'SNMP Port',
  telnetPort: 'Telnet Port',
  httpPort: 'HTTP Port',
  snmpCommunity: 'SNMP Community',
  snmpWriteCommunity: 'SNMP Write Community',
  community: 'SNMP Community',
  enablePassword: 'Enable Password',
  mikrotikHost: 'Mikrotik IP',
  mikrotikPort: 'Mikrotik Port',
  mikrotikUsername: 'Mikrotik user name',
  mikrotikPassword: 'Mikrotik password',
  whatsappId: 'WhatsApp ID',
  telegramId: 'Telegram ID',
  logName: 'Log name',
  mikrotikLogName: 'MikroTik log name',
  dbAlertRange: 'dB alert range',
  pollIntervalSeconds: 'Poll interval',
  branchId: 'Branch',
  branchIds: 'Branches',
  roleId: 'Role',
  ispName: 'ISP name',
  otp: 'OTP',
  pppoeIds: 'PPPoE IDs',
  latencyLimitMs: 'Latency Limit',
  aliveMinutes: 'Pop Alive Time',
  ponPort: 'PON port',
  oltId: 'OLT',
  oltIds: 'OLTs',
};

const ACRONYMS: Readonly<Record<string, string>> = {
  id: 'ID',
  ids: 'IDs',
  ip: 'IP',
  isp: 'ISP',
  olt: 'OLT',
  onu: 'ONU',
  otp: 'OTP',
  pon: 'PON',
  pppoe: 'PPPoE',
  snmp: 'SNMP',
  http: 'HTTP',
  mac: 'MAC',
  url: 'URL',
};

/** The key a message about a field starts with: `pppoeIds[0]` → `pppoeIds`, `a.b` → `b`. */
export const messageKey = (field: string): string =>
  (field.split('.').pop() ?? field).replace(/\[\d+\]$/, '');

/** `contactNumber` → `Contact number`; known keys get their form label. */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A validation message with the field's key (how class-validator's `$property` reads) replaced by
 * its label; messages already written for people ("Please input a username!") are kept as they are.
 */
export function humanMessage(message: string, key: string): string {
  if (message.startsWith(`${key} `)) return `${fieldLabel(key)}${message.slice(key.length)}`;
  const each = `each value in ${key} `;
  if (message.startsWith(each)) return `Each value in ${fieldLabel(key)} ${message.slice(each.length)}`;
  const unknown = `property ${key} should not exist`;
  if (message === unknown) return `${key} is not a field of this form`;
  return message;
}
