import { describe, expect, it } from 'vitest';
import { osFamilyOf } from './os-family';

describe('osFamilyOf', () => {
  it.each([
    ['Windows Server 2022', 'windows'],
    ['Ubuntu 24.04 LTS', 'ubuntu'],
    ['CentOS Stream 9', 'centos'],
    ['Red Hat Enterprise Linux 9', 'redhat'],
    ['RHEL 8', 'redhat'],
    ['Kubernetes', 'kubernetes'],
    ['Edge', 'edge'],
    ['Debian 12', 'other'],
  ])('%s → %s', (osType, family) => {
    expect(osFamilyOf(osType)).toBe(family);
  });
});
