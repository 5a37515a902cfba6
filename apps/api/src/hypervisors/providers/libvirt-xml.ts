import { createHash, randomBytes } from 'node:crypto';

/**
 * The XML the libvirt driver writes (domains, disks, its metadata element) and the little it reads
 * back from `virsh dumpxml --inactive` (memory, vCPUs, disks, its metadata). Every value written is
 * escaped; what is read is libvirt's own canonical output, so a few anchored patterns suffice.
 */

/** The namespace of the portal's metadata element inside a domain's <metadata>. */
export const METADATA_NAMESPACE = 'https://cloud-portal.example/xmlns/libvirt-machine/1';
export const METADATA_KEY = 'portal';

export const GIB = 1024 * 1024 * 1024;
export const KIB_PER_GIB = 1024 * 1024;

/** Characters XML 1.0 cannot hold at all (control characters other than tab and line breaks). */
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Escapes text for an XML element or a quoted attribute (either quote). */
export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function unescapeXml(value: string): string {
  return value.replace(
    /&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-f]+));/gi,
    (entity, name, dec, hex) => {
      if (dec) return String.fromCodePoint(Number(dec));
      if (hex) return String.fromCodePoint(parseInt(hex as string, 16));
      return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[
        (name as string).toLowerCase()
      ] as string;
    },
  );
}

/** A name libvirt and a shell-less argv both take safely: lower-case letters, digits, dashes. */
export function slugOf(value: string, maxLength = 40): string {
  const slug = value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug === '' ? 'vm' : slug;
}

/** `<prefix><slug>-<8 hex>`: readable in `virsh list`, unique without asking libvirt. */
export function domainNameFor(prefix: string, name: string): string {
  return `${prefix}${slugOf(name)}-${randomBytes(4).toString('hex')}`;
}

/**
 * The domain name of a create that carries a creation key: the same for every try of that
 * creation, so a retry finds the domain the first try defined. 64 bits of a hash of the company
 * and the key keep two creations on one host from ever sharing a name.
 */
export function keyedDomainNameFor(
  prefix: string,
  name: string,
  companyId: number,
  creationKey: string,
): string {
  const digest = createHash('sha256').update(`${companyId}\n${creationKey}`).digest('hex');
  return `${prefix}${slugOf(name)}-${digest.slice(0, 16)}`;
}

/** A disk's volume name: its domain, its target and a random part (a restore writes new ones). */
export function volumeNameFor(domainName: string, target: string): string {
  return `${domainName}-${target}-${randomBytes(3).toString('hex')}.qcow2`;
}

export type MachineKind = 'machine' | 'clone' | 'snapshot';

/** What the driver keeps about a domain inside the domain itself (`<metadata>`). */
export type MachineMetadata = {
  companyId: number;
  kind: MachineKind;
  /** The machine a clone or snapshot was taken from. */
  parent: string | null;
  archived: boolean;
  image: string;
  user: string;
};

/** The metadata element as `virsh metadata --set` takes it (no namespace: virsh adds it). */
export function metadataElement(meta: MachineMetadata): string {
  const attributes = [
    ['company', String(meta.companyId)],
    ['kind', meta.kind],
    ['parent', meta.parent ?? ''],
    ['archived', meta.archived ? '1' : '0'],
    ['image', meta.image],
    ['user', meta.user],
  ];
  return `<machine ${attributes.map(([name, value]) => `${name}="${escapeXml(value!)}"`).join(' ')}/>`;
}

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes.set(match[1]!, unescapeXml(match[2] ?? match[3] ?? ''));
  }
  return attributes;
}

/** Our metadata element in a domain's XML (with its namespace), or null when it has none. */
export function parseMetadata(domainXml: string): MachineMetadata | null {
  const metadata = /<metadata>([\s\S]*?)<\/metadata>/.exec(domainXml)?.[1];
  if (!metadata) return null;
  for (const tag of metadata.match(/<[\w.-]+:machine\b[^>]*>|<machine\b[^>]*>/g) ?? []) {
    const attributes = attributesOf(tag);
    const namespaced = [...attributes].some(
      ([name, value]) => name.startsWith('xmlns') && value === METADATA_NAMESPACE,
    );
    if (!namespaced) continue;
    const companyId = Number(attributes.get('company'));
    const kind = attributes.get('kind');
    if (!Number.isSafeInteger(companyId)) return null;
    if (kind !== 'machine' && kind !== 'clone' && kind !== 'snapshot') return null;
    return {
      companyId,
      kind,
      parent: attributes.get('parent') || null,
      archived: attributes.get('archived') === '1',
      image: attributes.get('image') ?? '',
      user: attributes.get('user') ?? '',
    };
  }
  return null;
}

export type DiskRef = { target: string; volume: string };

export type DomainConfig = {
  name: string;
  uuid: string | null;
  ramKiB: number;
  vcpus: number;
  disks: DiskRef[];
};

/** Memory, vCPUs and the volume-backed disks of a domain's persistent (`--inactive`) XML. */
export function parseDomainConfig(domainXml: string): DomainConfig {
  const name = /<name>([^<]*)<\/name>/.exec(domainXml)?.[1];
  const uuid = /<uuid>([^<]*)<\/uuid>/.exec(domainXml)?.[1] ?? null;
  const memory = /<memory\b([^>]*)>(\d+)<\/memory>/.exec(domainXml);
  const vcpu = /<vcpu\b([^>]*)>(\d+)<\/vcpu>/.exec(domainXml);
  if (name === undefined || !memory || !vcpu) throw new Error('unreadable domain XML');
  const unit = attributesOf(memory[1]!).get('unit') ?? 'KiB';
  const ramKiB = Number(memory[2]) * (UNIT_KIB[unit] ?? 1);
  const current = attributesOf(vcpu[1]!).get('current');
  const disks: DiskRef[] = [];
  for (const block of diskBlocks(domainXml)) {
    const open = attributesOf(/<disk\b[^>]*>/.exec(block)![0]);
    if (open.get('device') !== 'disk') continue;
    const source = /<source\b[^>]*>/.exec(block);
    const target = /<target\b[^>]*>/.exec(block);
    const volume = source ? attributesOf(source[0]).get('volume') : undefined;
    const dev = target ? attributesOf(target[0]).get('dev') : undefined;
    if (volume && dev) disks.push({ target: dev, volume });
  }
  disks.sort((a, b) => a.target.length - b.target.length || a.target.localeCompare(b.target));
  return {
    name: unescapeXml(name),
    uuid,
    ramKiB,
    vcpus: Number(current ?? vcpu[2]),
    disks,
  };
}

const UNIT_KIB: Record<string, number> = {
  b: 1 / 1024,
  bytes: 1 / 1024,
  KiB: 1,
  k: 1,
  MiB: 1024,
  M: 1024,
  GiB: KIB_PER_GIB,
  G: KIB_PER_GIB,
};

function diskBlocks(domainXml: string): string[] {
  return domainXml.match(/<disk\b[^>]*\/>|<disk\b[^>]*>[\s\S]*?<\/disk>/g) ?? [];
}

/** One virtio qcow2 disk backed by a pool volume. */
export function diskXml(pool: string, disk: DiskRef): string {
  return [
    `<disk type='volume' device='disk'>`,
    `  <driver name='qemu' type='qcow2'/>`,
    `  <source pool='${escapeXml(pool)}' volume='${escapeXml(disk.volume)}'/>`,
    `  <target dev='${escapeXml(disk.target)}' bus='virtio'/>`,
    `</disk>`,
  ].join('\n');
}

/** The domain's XML with its disks (device='disk') replaced by `disks`; all else kept as is. */
export function replaceDisks(domainXml: string, pool: string, disks: DiskRef[]): string {
  let withoutDisks = domainXml;
  for (const block of diskBlocks(domainXml)) {
    const open = attributesOf(/<disk\b[^>]*>/.exec(block)![0]);
    if (open.get('device') === 'disk') withoutDisks = withoutDisks.replace(block, '');
  }
  const devices = withoutDisks.indexOf('<devices>');
  if (devices < 0) throw new Error('domain XML without devices');
  const at = devices + '<devices>'.length;
  const inserted = disks.map((disk) => `\n${diskXml(pool, disk)}`).join('');
  return withoutDisks.slice(0, at) + inserted + withoutDisks.slice(at);
}

/** The next free virtio target after the ones in use (vda, vdb, …). */
export function nextTarget(disks: DiskRef[]): string {
  const used = new Set(disks.map((disk) => disk.target));
  for (let code = 'a'.charCodeAt(0); code <= 'z'.charCodeAt(0); code += 1) {
    const target = `vd${String.fromCharCode(code)}`;
    if (!used.has(target)) return target;
  }
  throw new Error('no free disk target');
}

export type DomainSpec = {
  name: string;
  title: string;
  /** kvm on a real host, qemu without hardware virtualisation, test on libvirt's test driver. */
  domainType: 'kvm' | 'qemu' | 'test';
  ramGb: number;
  vcpus: number;
  pool: string;
  disks: DiskRef[];
  network: string;
  graphics: 'vnc' | 'spice';
  graphicsListen: string;
  metadata: MachineMetadata;
};

/** A new domain: ACPI (so a graceful shutdown works), virtio disks and network, a guest-agent
 * channel (one-time passwords), a serial console and a local-only graphics console. */
export function domainXml(spec: DomainSpec): string {
  const ramKiB = spec.ramGb * KIB_PER_GIB;
  const lines = [
    `<domain type='${spec.domainType}'>`,
    `  <name>${escapeXml(spec.name)}</name>`,
    `  <title>${escapeXml(spec.title.replace(/[\r\n]+/g, ' '))}</title>`,
    `  <metadata>`,
    `    ${metadataElement(spec.metadata).replace('<machine ', `<${METADATA_KEY}:machine xmlns:${METADATA_KEY}="${METADATA_NAMESPACE}" `)}`,
    `  </metadata>`,
    `  <memory unit='KiB'>${ramKiB}</memory>`,
    `  <currentMemory unit='KiB'>${ramKiB}</currentMemory>`,
    `  <vcpu placement='static'>${spec.vcpus}</vcpu>`,
    `  <os><type arch='x86_64'>hvm</type><boot dev='hd'/></os>`,
    `  <features><acpi/><apic/></features>`,
    spec.domainType === 'kvm' ? `  <cpu mode='host-passthrough'/>` : '',
    `  <on_poweroff>destroy</on_poweroff>`,
    `  <on_reboot>restart</on_reboot>`,
    `  <on_crash>destroy</on_crash>`,
    `  <devices>`,
    ...spec.disks.map((disk) => diskXml(spec.pool, disk).replace(/^/gm, '    ')),
    `    <interface type='network'><source network='${escapeXml(spec.network)}'/><model type='virtio'/></interface>`,
    `    <channel type='unix'><target type='virtio' name='org.qemu.guest_agent.0'/></channel>`,
    `    <serial type='pty'/>`,
    `    <console type='pty'/>`,
    `    <graphics type='${spec.graphics}' autoport='yes' listen='${escapeXml(spec.graphicsListen)}'/>`,
    `  </devices>`,
    `</domain>`,
  ];
  return lines.filter((line) => line !== '').join('\n') + '\n';
}

/** `Capacity: N bytes` of `virsh vol-info --bytes`. */
export function parseCapacityBytes(volInfo: string): number {
  const match = /^Capacity:\s+(\d+)\s+bytes/m.exec(volInfo);
  if (!match) throw new Error('unreadable volume info');
  return Number(match[1]);
}

/** The first IPv4 address of `virsh domifaddr`, without its prefix length. */
export function parseFirstIpv4(domifaddr: string): string | null {
  const match = /\bipv4\s+(\d{1,3}(?:\.\d{1,3}){3})(?:\/\d+)?/.exec(domifaddr);
  return match ? match[1]! : null;
}

/** Our state from `virsh domstate` (libvirt's virDomainState names). */
export function machineStateOf(domstate: string): 'running' | 'shutoff' | 'busy' | 'failed' {
  const state = domstate
    .trim()
    .split('\n')[0]!
    .replace(/\s*\(.*\)$/, '')
    .trim();
  switch (state) {
    case 'running':
    case 'idle':
    case 'blocked':
      return 'running';
    case 'shut off':
      return 'shutoff';
    case 'crashed':
      return 'failed';
    // no state, paused, in shutdown, pmsuspended, dying: mid-way to something else.
    default:
      return 'busy';
  }
}
