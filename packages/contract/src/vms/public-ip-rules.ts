import type { ActiveVmStatus, TActiveVm } from './active-vms';
import type { TAssignPublicIpRequest } from './assign-public-ip';
import { parsePortList } from '../validation/port-list';

/**
 * The rules of POST /api/allowIP/assignPublicIP (vm-lifecycle.md §2.11 "assign public IP", §3 "Assign-IP
 * payload", §5, §8): a public address from the company's pool for one of the customer's VMs, with
 * the ports to forward to its LAN address. The rules are plain functions so the browser's form,
 * its keystroke filters and the server's schema apply the same ones with the same messages.
 *
 * Decisions the spec leaves open:
 * - The LAN IP is a dotted-quad IPv4 address in a private range (RFC 1918: 10/8, 172.16/12,
 *   192.168/16), with no leading zeros and neither .0 nor .255 as its last part: a public
 *   address forwards to a machine inside the provider's network, never to one on the internet.
 *   The colon the keystroke filter lets through (§5) is refused by the rule.
 * - The host name is an RFC 1123 name: dot-separated labels of letters, digits and hyphens, each
 *   1–63 characters and not starting or ending with a hyphen, 253 characters at most.
 * - Ports are whole numbers from 1 to 65535, each listed once, at most 20 per protocol. The web
 *   form types them separated by commas or spaces (validation/port-list.ts; an empty entry is
 *   refused); the wire carries lists, and the server reads a typed text by the same rule.
 */

export const publicIpMessages = {
  lanIpRequired: 'LAN IP Address required',
  lanIpInvalid: 'Enter Valid LAN IP Address',
  hostNameRequired: 'Host Name required',
  hostNameInvalid: 'Enter a valid Host Name: letters, digits and hyphens, parts separated by dots',
  hostNameTooLong: 'Host Name must be at most 253 characters',
  tcpPortsRequired: 'TCP Ports required',
  tcpPortsInvalid: 'Enter TCP ports as numbers from 1 to 65535, separated by commas',
  udpPortsInvalid: 'Enter UDP ports as numbers from 1 to 65535, separated by commas',
  tcpPortsEmptyEntry: 'TCP Ports has an empty entry: remove the extra comma',
  udpPortsEmptyEntry: 'UDP Ports has an empty entry: remove the extra comma',
  tcpPortsRepeated: 'Each TCP port can be listed only once',
  udpPortsRepeated: 'Each UDP port can be listed only once',
  tcpPortsTooMany: 'Enter at most 20 TCP ports',
  udpPortsTooMany: 'Enter at most 20 UDP ports',
  /** §8: the success toast, the spec's spelling. */
  assigned: 'Successfull',
  /** §8: Assign while the company's network script runs (runMerakiScript 1), the spec's spelling. */
  maintenance: 'In maintanance mode. please try again later.',
  poolEmpty:
    'No public IP address is free at the moment. Please try again later or contact support.',
  vmNotReady: 'A public IP can be assigned only to a running or shut-off virtual machine.',
} as const;

/** The server's answer when the LAN IP is not the machine's own address (it names that address). */
export const lanIpOfOtherMachine = (privateAddress: string) =>
  `Enter this virtual machine's LAN IP Address: ${privateAddress}`;

/** A machine that exists at the hypervisor: only these can be given a public address. */
export const PUBLIC_IP_STATUSES = [
  'running',
  'shutoff',
  'busy',
] as const satisfies readonly ActiveVmStatus[];

/** Whether the Products tab offers Assign for this VM (a blocked one shows it disabled). */
export function canAssignPublicIp(vm: Pick<TActiveVm, 'status' | 'ciscoMerakiIP'>): boolean {
  return (PUBLIC_IP_STATUSES as readonly string[]).includes(vm.status) && !vm.ciscoMerakiIP?.trim();
}

const HOST_NAME_MAX_LENGTH = 253;
const MAX_PORTS_PER_PROTOCOL = 20;
const PORT_MIN = 1;
const PORT_MAX = 65_535;

export type PortProtocol = 'tcp' | 'udp';

/** Keystroke filters (§5): what each field lets through as the user types. */
export const publicIpKeystrokeFilters = {
  /** LAN IP: digits, dots and colons. */
  lanIp: (value: string) => value.replace(/[^0-9.:]/g, ''),
  /** TCP and UDP ports: digits, commas and spaces (the separators of the field's hint). */
  ports: (value: string) => value.replace(/[^0-9, ]/g, ''),
} as const;

/** The four parts of a dotted-quad IPv4 address (0–255, no leading zeros), or null. */
export function parseIpv4(text: string): [number, number, number, number] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    octets.push(octet);
  }
  return octets as [number, number, number, number];
}

/** RFC 1918: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16. */
export function isPrivateIpv4([first, second]: readonly number[]): boolean {
  if (first === 10) return true;
  if (first === 172) return second !== undefined && second >= 16 && second <= 31;
  return first === 192 && second === 168;
}

/** A host's address in a private range: dotted quad, private, last part neither 0 nor 255. */
export function isValidLanIp(text: string): boolean {
  const octets = parseIpv4(text);
  return octets !== null && isPrivateIpv4(octets) && octets[3] !== 0 && octets[3] !== 255;
}

export function validateLanIp(value: string): string | null {
  const text = value.trim();
  if (text === '') return publicIpMessages.lanIpRequired;
  return isValidLanIp(text) ? null : publicIpMessages.lanIpInvalid;
}

const HOST_NAME_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

export function isValidHostName(text: string): boolean {
  if (text.length === 0 || text.length > HOST_NAME_MAX_LENGTH) return false;
  return text.split('.').every((label) => HOST_NAME_LABEL.test(label));
}

export function validateHostName(value: string): string | null {
  const text = value.trim();
  if (text === '') return publicIpMessages.hostNameRequired;
  if (text.length > HOST_NAME_MAX_LENGTH) return publicIpMessages.hostNameTooLong;
  return isValidHostName(text) ? null : publicIpMessages.hostNameInvalid;
}

export const portMessages = {
  tcp: {
    emptyEntry: publicIpMessages.tcpPortsEmptyEntry,
    invalid: publicIpMessages.tcpPortsInvalid,
    repeated: publicIpMessages.tcpPortsRepeated,
    tooMany: publicIpMessages.tcpPortsTooMany,
  },
  udp: {
    emptyEntry: publicIpMessages.udpPortsEmptyEntry,
    invalid: publicIpMessages.udpPortsInvalid,
    repeated: publicIpMessages.udpPortsRepeated,
    tooMany: publicIpMessages.udpPortsTooMany,
  },
} as const;

const isPort = (port: number) => Number.isInteger(port) && port >= PORT_MIN && port <= PORT_MAX;

/**
 * A list of ports as the wire carries it. TCP needs one at least; UDP may be empty. Ports must be
 * whole numbers in range, listed once, at most MAX_PORTS_PER_PROTOCOL.
 */
export function validatePorts(ports: readonly number[], protocol: PortProtocol): string | null {
  const texts = portMessages[protocol];
  if (ports.length === 0) return protocol === 'tcp' ? publicIpMessages.tcpPortsRequired : null;
  if (!ports.every(isPort)) return texts.invalid;
  if (new Set(ports).size !== ports.length) return texts.repeated;
  if (ports.length > MAX_PORTS_PER_PROTOCOL) return texts.tooMany;
  return null;
}

/**
 * The ports of a typed field ("22, 80 443"), separated by commas or spaces; null when an entry
 * is empty or not a number of at most five digits (`validatePortText` says which).
 */
export function parsePortText(text: string): number[] | null {
  const result = parsePortList(text);
  return result.ok ? result.ports : null;
}

/** A typed port field as the form and the server check it. */
export function validatePortText(text: string, protocol: PortProtocol): string | null {
  const result = parsePortList(text);
  if (!result.ok) {
    const texts = portMessages[protocol];
    return result.problem === 'emptyEntry' ? texts.emptyEntry : texts.invalid;
  }
  return validatePorts(result.ports, protocol);
}

/** The form's fields, as typed. */
export type TPublicIpForm = { lanIP: string; hostName: string; tcpPort: string; udpPort: string };

/** Every failing field of the form with its message, in the form's order. */
export function validatePublicIpForm(
  form: TPublicIpForm,
): Partial<Record<keyof TPublicIpForm, string>> {
  const errors: Partial<Record<keyof TPublicIpForm, string>> = {};
  const lanIP = validateLanIp(form.lanIP);
  if (lanIP) errors.lanIP = lanIP;
  const hostName = validateHostName(form.hostName);
  if (hostName) errors.hostName = hostName;
  const tcpPort = validatePortText(form.tcpPort, 'tcp');
  if (tcpPort) errors.tcpPort = tcpPort;
  const udpPort = validatePortText(form.udpPort, 'udp');
  if (udpPort) errors.udpPort = udpPort;
  return errors;
}

/** The browser's request from its form, once `validatePublicIpForm` found nothing. */
export function toAssignPublicIpRequest(
  form: TPublicIpForm,
  productID: number,
): TAssignPublicIpRequest {
  return {
    lanIP: form.lanIP.trim(),
    hostName: form.hostName.trim(),
    tcpPort: parsePortText(form.tcpPort) ?? [],
    udpPort: parsePortText(form.udpPort) ?? [],
    productID,
  };
}
