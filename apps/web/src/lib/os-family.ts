/** The OS icons the spec names (portal.md §3, vm-lifecycle.md §9), and "other" for the rest. */
export type OsFamily = 'windows' | 'ubuntu' | 'centos' | 'redhat' | 'kubernetes' | 'edge' | 'other';

const PATTERNS: [RegExp, OsFamily][] = [
  [/windows/i, 'windows'],
  [/ubuntu/i, 'ubuntu'],
  [/cent\s*os/i, 'centos'],
  [/red\s*hat|rhel/i, 'redhat'],
  [/kubernetes|k8s/i, 'kubernetes'],
  [/edge/i, 'edge'],
];

/** Which icon stands in for a product without a picture, from its OS type. */
export function osFamilyOf(osType: string): OsFamily {
  return PATTERNS.find(([pattern]) => pattern.test(osType))?.[1] ?? 'other';
}
