import { describe, expect, it } from 'vitest';
import {
  METADATA_NAMESPACE,
  domainNameFor,
  keyedDomainNameFor,
  domainXml,
  escapeXml,
  machineStateOf,
  metadataElement,
  nextTarget,
  parseCapacityBytes,
  parseDomainConfig,
  parseFirstIpv4,
  parseMetadata,
  replaceDisks,
  slugOf,
  unescapeXml,
  volumeNameFor,
  type DomainSpec,
  type MachineMetadata,
} from './libvirt-xml';

const META: MachineMetadata = {
  companyId: 7,
  kind: 'machine',
  parent: null,
  archived: false,
  image: 'Ubuntu 24.04',
  user: 'ubuntu',
};

const SPEC: DomainSpec = {
  name: 'portal-web-1-0a1b2c3d',
  title: 'web 1',
  domainType: 'kvm',
  ramGb: 2,
  vcpus: 2,
  pool: 'default',
  disks: [{ target: 'vda', volume: 'portal-web-1-0a1b2c3d-vda-aabbcc.qcow2' }],
  network: 'default',
  graphics: 'vnc',
  graphicsListen: '127.0.0.1',
  metadata: META,
};

/** What `virsh dumpxml --inactive` prints for a domain we defined (libvirt 9, abridged). */
const DUMPED = `<domain type='kvm'>
  <name>portal-web-1-0a1b2c3d</name>
  <uuid>78068cc1-a55f-4d9f-8491-757567756de4</uuid>
  <title>web &amp; co</title>
  <metadata>
    <portal:machine xmlns:portal="${METADATA_NAMESPACE}" company="7" kind="clone" parent="11111111-2222-4333-8444-555555555555" archived="1" image="Ubuntu &quot;24&quot; &amp; &lt;x&gt;" user="ubuntu"/>
  </metadata>
  <memory unit='KiB'>3145728</memory>
  <currentMemory unit='KiB'>3145728</currentMemory>
  <vcpu placement='static' current='2'>4</vcpu>
  <devices>
    <disk type='volume' device='disk'>
      <driver name='qemu' type='qcow2'/>
      <source pool='default' volume='a-vdb-1.qcow2'/>
      <target dev='vdb' bus='virtio'/>
    </disk>
    <disk type='volume' device='disk'>
      <driver name='qemu' type='qcow2'/>
      <source pool='default' volume='a-vda-1.qcow2'/>
      <target dev='vda' bus='virtio'/>
    </disk>
    <disk type='file' device='cdrom'>
      <source file='/iso/seed.iso'/>
      <target dev='sda' bus='sata'/>
    </disk>
    <interface type='network'>
      <mac address='52:54:00:a3:16:59'/>
      <source network='default'/>
    </interface>
  </devices>
</domain>
`;

describe('libvirt XML', () => {
  it('escapes every markup character and drops what XML cannot hold', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;',
    );
    expect(escapeXml('a\u0000b\u0007c\td\ne')).toBe('abc\td\ne');
    expect(unescapeXml(escapeXml(`]]><!-- "'&`))).toBe(`]]><!-- "'&`);
    expect(unescapeXml('&#65;&#x42;')).toBe('AB');
  });

  it('writes a domain whose values cannot break out of their element or attribute', () => {
    const hostile = `x'/><devices><disk type='file'><source file='/etc/shadow'/></disk>`;
    const xml = domainXml({
      ...SPEC,
      title: `Tom's "VM"\n<script>`,
      network: hostile,
      metadata: { ...META, image: hostile, user: `"root"` },
    });
    expect(xml).not.toContain("/etc/shadow'/>");
    expect(xml).toContain(`<title>Tom&apos;s &quot;VM&quot; &lt;script&gt;</title>`);
    expect(xml.match(/<disk /g)).toHaveLength(1);
    expect(xml).toContain(`<source network='x&apos;/&gt;&lt;devices&gt;`);
    // The metadata written is the metadata read back.
    expect(parseMetadata(xml)).toEqual({ ...META, image: hostile, user: `"root"` });
    expect(parseDomainConfig(xml)).toMatchObject({
      name: SPEC.name,
      ramKiB: 2 * 1024 * 1024,
      vcpus: 2,
      disks: SPEC.disks,
    });
  });

  it('writes kvm domains with ACPI, a guest agent channel and a local-only console', () => {
    const xml = domainXml(SPEC);
    expect(xml).toMatch(/^<domain type='kvm'>/);
    expect(xml).toContain('<features><acpi/><apic/></features>');
    expect(xml).toContain(`<cpu mode='host-passthrough'/>`);
    expect(xml).toContain(`name='org.qemu.guest_agent.0'`);
    expect(xml).toContain(`<graphics type='vnc' autoport='yes' listen='127.0.0.1'/>`);
    expect(domainXml({ ...SPEC, domainType: 'test' })).not.toContain('<cpu');
  });

  it('reads memory, current vCPUs, volume disks in target order and the metadata', () => {
    expect(parseDomainConfig(DUMPED)).toEqual({
      name: 'portal-web-1-0a1b2c3d',
      uuid: '78068cc1-a55f-4d9f-8491-757567756de4',
      ramKiB: 3 * 1024 * 1024,
      vcpus: 2,
      disks: [
        { target: 'vda', volume: 'a-vda-1.qcow2' },
        { target: 'vdb', volume: 'a-vdb-1.qcow2' },
      ],
    });
    expect(parseMetadata(DUMPED)).toEqual({
      companyId: 7,
      kind: 'clone',
      parent: '11111111-2222-4333-8444-555555555555',
      archived: true,
      image: 'Ubuntu "24" & <x>',
      user: 'ubuntu',
    });
    expect(() => parseDomainConfig('<domain/>')).toThrow();
  });

  it('ignores metadata that is not ours or not complete', () => {
    const foreign = DUMPED.replace(METADATA_NAMESPACE, 'https://other.example/ns');
    expect(parseMetadata(foreign)).toBeNull();
    expect(parseMetadata(DUMPED.replace('kind="clone"', 'kind="root"'))).toBeNull();
    expect(parseMetadata(DUMPED.replace('company="7"', 'company="x"'))).toBeNull();
    expect(parseMetadata('<domain><name>a</name></domain>')).toBeNull();
  });

  it('writes the metadata element virsh metadata --set takes', () => {
    expect(metadataElement({ ...META, parent: 'p', archived: true, image: 'a"b' })).toBe(
      '<machine company="7" kind="machine" parent="p" archived="1" image="a&quot;b" user="ubuntu"/>',
    );
  });

  it('replaces the volume disks and keeps every other device', () => {
    const xml = replaceDisks(DUMPED, 'default', [{ target: 'vda', volume: 'restored.qcow2' }]);
    const config = parseDomainConfig(xml);
    expect(config.disks).toEqual([{ target: 'vda', volume: 'restored.qcow2' }]);
    expect(xml).toContain(`<source file='/iso/seed.iso'/>`);
    expect(xml).toContain(`<mac address='52:54:00:a3:16:59'/>`);
    expect(xml).not.toContain('a-vdb-1.qcow2');
  });

  it('names domains and volumes safely and uniquely', () => {
    expect(slugOf(`Tom's <b>"VM"</b> & Ünïcode`)).toBe('tom-s-b-vm-b-unicode');
    expect(slugOf('---')).toBe('vm');
    expect(slugOf('a'.repeat(100))).toHaveLength(40);
    const name = domainNameFor('portal-', '--web 1');
    expect(name).toMatch(/^portal-web-1-[0-9a-f]{8}$/);
    expect(domainNameFor('portal-', 'web')).not.toBe(domainNameFor('portal-', 'web'));
    expect(volumeNameFor(name, 'vdb')).toMatch(new RegExp(`^${name}-vdb-[0-9a-f]{6}\\.qcow2$`));
  });

  it('names a keyed creation the same on every try, and apart from every other', () => {
    const keyed = keyedDomainNameFor('portal-', 'Web 1', 7, 'order-42');
    expect(keyed).toMatch(/^portal-web-1-[0-9a-f]{16}$/);
    expect(keyedDomainNameFor('portal-', 'Web 1', 7, 'order-42')).toBe(keyed);
    expect(keyedDomainNameFor('portal-', 'Web 1', 7, 'order-43')).not.toBe(keyed);
    expect(keyedDomainNameFor('portal-', 'Web 1', 8, 'order-42')).not.toBe(keyed);
  });

  it('picks the next free disk target', () => {
    expect(nextTarget([{ target: 'vda', volume: 'a' }])).toBe('vdb');
    expect(
      nextTarget([
        { target: 'vda', volume: 'a' },
        { target: 'vdc', volume: 'c' },
      ]),
    ).toBe('vdb');
  });

  it.each([
    ['running\n', 'running'],
    ['running (booted)\n', 'running'],
    ['idle', 'running'],
    ['shut off (destroyed)\n', 'shutoff'],
    ['shut off', 'shutoff'],
    ['crashed (panicked)', 'failed'],
    ['paused (user)', 'busy'],
    ['in shutdown', 'busy'],
    ['pmsuspended', 'busy'],
    ['no state', 'busy'],
  ] as const)('maps domstate %j to %s', (domstate, state) => {
    expect(machineStateOf(domstate)).toBe(state);
  });

  it('reads vol-info and domifaddr output', () => {
    expect(
      parseCapacityBytes(
        'Name:           a\nType:           file\nCapacity:       10737418240 bytes\n',
      ),
    ).toBe(10737418240);
    expect(() => parseCapacityBytes('Capacity: 10.00 GiB')).toThrow();
    expect(
      parseFirstIpv4(
        ' vnet0   52:54:00:a3:16:59    ipv6    fe80::1/64\n vnet0   52:54:00:a3:16:59    ipv4    192.168.122.83/24\n',
      ),
    ).toBe('192.168.122.83');
    expect(parseFirstIpv4('')).toBeNull();
  });
});
