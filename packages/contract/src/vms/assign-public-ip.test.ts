import { describe, expect, it } from 'vitest';
import {
  canAssignPublicIp,
  isPrivateIpv4,
  isValidHostName,
  isValidLanIp,
  parseIpv4,
  parsePortText,
  publicIpKeystrokeFilters,
  publicIpMessages as m,
  toAssignPublicIpRequest,
  validateHostName,
  validateLanIp,
  validatePorts,
  validatePortText,
  validatePublicIpForm,
  ZAssignPublicIpRequest,
} from './assign-public-ip';

describe('keystroke filters (§5)', () => {
  it('lets only digits, dots and colons into the LAN IP', () => {
    expect(publicIpKeystrokeFilters.lanIp('10.0.0.5')).toBe('10.0.0.5');
    expect(publicIpKeystrokeFilters.lanIp(' 1a0.0-0/0:5 ')).toBe('10.000:5');
    expect(publicIpKeystrokeFilters.lanIp('١٠.0.0.1')).toBe('.0.0.1');
  });

  it('lets only digits, commas and spaces into the port fields', () => {
    expect(publicIpKeystrokeFilters.ports('22,80,443')).toBe('22,80,443');
    expect(publicIpKeystrokeFilters.ports('22, 80; 443-444 x')).toBe('22, 80 443444 ');
    expect(publicIpKeystrokeFilters.ports('')).toBe('');
  });
});

describe('canAssignPublicIp', () => {
  it('offers Assign for a machine that exists and has no address', () => {
    for (const status of ['running', 'shutoff', 'busy'] as const)
      expect(canAssignPublicIp({ status, ciscoMerakiIP: null }), status).toBe(true);
    for (const status of ['provisioning', 'failed', 'expired', 'archived'] as const)
      expect(canAssignPublicIp({ status, ciscoMerakiIP: null }), status).toBe(false);
    expect(canAssignPublicIp({ status: 'running', ciscoMerakiIP: '203.0.113.10' })).toBe(false);
    expect(canAssignPublicIp({ status: 'running', ciscoMerakiIP: ' ' })).toBe(true);
  });
});

describe('LAN IP', () => {
  it('parses dotted quads strictly', () => {
    expect(parseIpv4('10.1.2.3')).toEqual([10, 1, 2, 3]);
    expect(parseIpv4('0.0.0.0')).toEqual([0, 0, 0, 0]);
    for (const bad of ['10.1.2', '10.1.2.3.4', '10.1.2.256', '10.01.2.3', '10..2.3', '1e1.1.2.3'])
      expect(parseIpv4(bad), bad).toBeNull();
    expect(parseIpv4('10.1.2.3:80')).toBeNull();
    expect(parseIpv4('::1')).toBeNull();
  });

  it('knows the RFC 1918 ranges and their edges', () => {
    expect(isPrivateIpv4([10, 255, 255, 254])).toBe(true);
    expect(isPrivateIpv4([172, 16, 0, 1])).toBe(true);
    expect(isPrivateIpv4([172, 31, 255, 1])).toBe(true);
    expect(isPrivateIpv4([172, 15, 0, 1])).toBe(false);
    expect(isPrivateIpv4([172, 32, 0, 1])).toBe(false);
    expect(isPrivateIpv4([192, 168, 0, 1])).toBe(true);
    expect(isPrivateIpv4([192, 169, 0, 1])).toBe(false);
    expect(isPrivateIpv4([8, 8, 8, 8])).toBe(false);
    expect(isPrivateIpv4([127, 0, 0, 1])).toBe(false);
  });

  it('accepts a host in a private range, refuses network and broadcast ends', () => {
    expect(isValidLanIp('192.168.1.20')).toBe(true);
    expect(isValidLanIp('10.0.0.0')).toBe(false);
    expect(isValidLanIp('10.0.0.255')).toBe(false);
    expect(isValidLanIp('203.0.113.5')).toBe(false);
  });

  it('answers the spec messages', () => {
    expect(validateLanIp('')).toBe(m.lanIpRequired);
    expect(validateLanIp('   ')).toBe(m.lanIpRequired);
    expect(m.lanIpRequired).toBe('LAN IP Address required');
    expect(validateLanIp('10.0.0')).toBe(m.lanIpInvalid);
    expect(validateLanIp('10.0.0.1:22')).toBe(m.lanIpInvalid);
    expect(validateLanIp('8.8.8.8')).toBe(m.lanIpInvalid);
    expect(m.lanIpInvalid).toBe('Enter Valid LAN IP Address');
    expect(validateLanIp(' 10.0.0.7 ')).toBeNull();
  });
});

describe('host name', () => {
  it('follows RFC 1123', () => {
    for (const good of ['web', 'web-01', 'a', 'app.example.com', 'x1.y2', '1host'])
      expect(isValidHostName(good), good).toBe(true);
    for (const bad of ['-web', 'web-', 'we_b', 'web..example', '.web', 'web.', 'w b', 'wéb'])
      expect(isValidHostName(bad), bad).toBe(false);
    expect(isValidHostName('a'.repeat(63))).toBe(true);
    expect(isValidHostName('a'.repeat(64))).toBe(false);
  });

  it('answers required, too long and invalid', () => {
    expect(validateHostName('')).toBe('Host Name required');
    expect(validateHostName('  ')).toBe(m.hostNameRequired);
    const long = Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.');
    expect(long.length).toBeGreaterThan(253);
    expect(validateHostName(long)).toBe(m.hostNameTooLong);
    const longest = [...Array.from({ length: 3 }, () => 'a'.repeat(63)), 'b'.repeat(61)].join('.');
    expect(longest.length).toBe(253);
    expect(validateHostName(longest)).toBeNull();
    expect(validateHostName('web_01')).toBe(m.hostNameInvalid);
    expect(validateHostName(' web-01 ')).toBeNull();
  });
});

describe('ports', () => {
  it('parses text separated by commas or spaces, refusing empty entries', () => {
    expect(parsePortText('22,80, 443')).toEqual([22, 80, 443]);
    expect(parsePortText('22 80')).toEqual([22, 80]);
    expect(parsePortText('80,')).toBeNull();
    expect(parsePortText('22,,80')).toBeNull();
    expect(parsePortText('')).toEqual([]);
    expect(parsePortText('80,abc')).toBeNull();
    expect(parsePortText('123456')).toBeNull();
  });

  it('needs TCP, lets UDP be empty', () => {
    expect(validatePorts([], 'tcp')).toBe('TCP Ports required');
    expect(validatePorts([], 'udp')).toBeNull();
    expect(validatePortText('', 'tcp')).toBe(m.tcpPortsRequired);
    expect(validatePortText(' ', 'tcp')).toBe(m.tcpPortsRequired);
    expect(validatePortText(',', 'tcp')).toBe(m.tcpPortsEmptyEntry);
    expect(validatePortText('22,,80', 'tcp')).toBe(m.tcpPortsEmptyEntry);
    expect(validatePortText('53,', 'udp')).toBe(m.udpPortsEmptyEntry);
    expect(validatePortText('', 'udp')).toBeNull();
  });

  it('keeps ports within 1–65535', () => {
    expect(validatePorts([1, 65_535], 'tcp')).toBeNull();
    expect(validatePorts([0], 'tcp')).toBe(m.tcpPortsInvalid);
    expect(validatePorts([65_536], 'udp')).toBe(m.udpPortsInvalid);
    expect(validatePorts([80.5], 'tcp')).toBe(m.tcpPortsInvalid);
    expect(validatePortText('99999', 'tcp')).toBe(m.tcpPortsInvalid);
    expect(validatePortText('0', 'udp')).toBe(m.udpPortsInvalid);
  });

  it('refuses repeats and more than twenty', () => {
    expect(validatePorts([80, 443, 80], 'tcp')).toBe(m.tcpPortsRepeated);
    expect(validatePortText('53,053', 'udp')).toBe(m.udpPortsRepeated);
    const twenty = Array.from({ length: 20 }, (_, index) => 1000 + index);
    expect(validatePorts(twenty, 'tcp')).toBeNull();
    expect(validatePorts([...twenty, 2000], 'tcp')).toBe(m.tcpPortsTooMany);
    expect(validatePorts([...twenty, 2000], 'udp')).toBe(m.udpPortsTooMany);
  });
});

describe('the form', () => {
  const good = { lanIP: '10.0.0.5', hostName: 'web-01', tcpPort: '22,80', udpPort: '' };

  it('finds nothing in a good form and builds the request', () => {
    expect(validatePublicIpForm(good)).toEqual({});
    expect(toAssignPublicIpRequest({ ...good, udpPort: '53 ' }, 7)).toEqual({
      lanIP: '10.0.0.5',
      hostName: 'web-01',
      tcpPort: [22, 80],
      udpPort: [53],
      productID: 7,
    });
  });

  it('names every failing field', () => {
    expect(validatePublicIpForm({ lanIP: '', hostName: '', tcpPort: '', udpPort: '0' })).toEqual({
      lanIP: m.lanIpRequired,
      hostName: m.hostNameRequired,
      tcpPort: m.tcpPortsRequired,
      udpPort: m.udpPortsInvalid,
    });
  });
});

describe('ZAssignPublicIpRequest', () => {
  const request = {
    lanIP: '10.0.0.5',
    hostName: 'web-01',
    tcpPort: [22, 443],
    udpPort: [53],
    productID: 12,
  };
  const messagesOf = (body: unknown) => {
    const parsed = ZAssignPublicIpRequest.safeParse(body);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('accepts the spec payload, digit strings for ports and no UDP', () => {
    expect(ZAssignPublicIpRequest.parse(request)).toEqual(request);
    expect(
      ZAssignPublicIpRequest.parse({ ...request, tcpPort: ['22', 80], udpPort: undefined }),
    ).toEqual({ ...request, tcpPort: [22, 80], udpPort: [] });
    expect(ZAssignPublicIpRequest.parse({ ...request, udpPort: null }).udpPort).toEqual([]);
    expect(ZAssignPublicIpRequest.parse({ ...request, productID: '12' }).productID).toBe(12);
    expect(ZAssignPublicIpRequest.parse({ ...request, lanIP: ' 10.0.0.5 ' }).lanIP).toBe(
      '10.0.0.5',
    );
  });

  it('answers the spec messages in field order', () => {
    expect(messagesOf({ productID: 1 })).toEqual([
      ['lanIP', m.lanIpRequired],
      ['hostName', m.hostNameRequired],
      ['tcpPort', m.tcpPortsRequired],
    ]);
    expect(messagesOf({ ...request, lanIP: '' })).toEqual([['lanIP', m.lanIpRequired]]);
    expect(messagesOf({ ...request, lanIP: 10 })).toEqual([['lanIP', m.lanIpInvalid]]);
    expect(messagesOf({ ...request, lanIP: '300.0.0.1' })).toEqual([['lanIP', m.lanIpInvalid]]);
    expect(messagesOf({ ...request, hostName: 42 })).toEqual([['hostName', m.hostNameInvalid]]);
    expect(messagesOf({ ...request, hostName: 'bad host' })).toEqual([
      ['hostName', m.hostNameInvalid],
    ]);
    expect(messagesOf({ ...request, tcpPort: [] })).toEqual([['tcpPort', m.tcpPortsRequired]]);
    expect(messagesOf({ ...request, tcpPort: '22,80' })).toEqual([['tcpPort', m.tcpPortsInvalid]]);
    expect(messagesOf({ ...request, tcpPort: ['8o'] })).toEqual([['tcpPort', m.tcpPortsInvalid]]);
    expect(messagesOf({ ...request, tcpPort: [22, 22] })).toEqual([
      ['tcpPort', m.tcpPortsRepeated],
    ]);
    expect(messagesOf({ ...request, udpPort: [70_000] })).toEqual([['udpPort', m.udpPortsInvalid]]);
    expect(messagesOf({ ...request, productID: 0 }).map(([field]) => field)).toEqual(['productID']);
  });
});
