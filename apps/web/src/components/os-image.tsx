import { useState } from 'react';
import { Center } from '@mantine/core';
import {
  IconBrandEdge,
  IconBrandRedhat,
  IconBrandUbuntu,
  IconBrandWindows,
  IconServer2,
  type IconProps,
} from '@tabler/icons-react';
import { toAssetUrl } from '@/lib/asset-url';
import { osFamilyOf, type OsFamily } from '@/lib/os-family';

/** CentOS's four-way mark, which the icon set lacks. */
function CentosIcon({ size = 48 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden>
      <rect x="6" y="6" width="17" height="17" fill="#932279" />
      <rect x="25" y="6" width="17" height="17" fill="#efa724" />
      <rect x="6" y="25" width="17" height="17" fill="#262577" />
      <rect x="25" y="25" width="17" height="17" fill="#9ccd2a" />
      <rect x="14" y="14" width="20" height="20" fill="#fff" transform="rotate(45 24 24)" />
    </svg>
  );
}

/** Kubernetes' helm wheel, which the icon set lacks. */
function KubernetesIcon({ size = 48 }: IconProps) {
  const spokes = Array.from({ length: 7 }, (_, index) => (index * 360) / 7);
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden>
      <circle cx="24" cy="24" r="21" fill="#326ce5" />
      <circle cx="24" cy="24" r="11" fill="none" stroke="#fff" strokeWidth="3" />
      {spokes.map((angle) => (
        <line
          key={angle}
          x1="24"
          y1="24"
          x2="24"
          y2="7"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          transform={`rotate(${angle} 24 24)`}
        />
      ))}
      <circle cx="24" cy="24" r="4" fill="#fff" />
    </svg>
  );
}

const ICONS: Record<OsFamily, { Icon: (props: IconProps) => React.ReactNode; color: string }> = {
  windows: { Icon: IconBrandWindows, color: '#0078d4' },
  ubuntu: { Icon: IconBrandUbuntu, color: '#e95420' },
  centos: { Icon: CentosIcon, color: '#262577' },
  redhat: { Icon: IconBrandRedhat, color: '#ee0000' },
  kubernetes: { Icon: KubernetesIcon, color: '#326ce5' },
  edge: { Icon: IconBrandEdge, color: '#0c7b93' },
  other: { Icon: IconServer2, color: '#5a6b7d' },
};

type Props = {
  osType: string;
  imagePath: string | null;
  /** The text a screen reader hears (usually the product's name and OS). */
  label: string;
  height: number;
};

/**
 * A product's picture, or its OS icon when it has none or the picture fails to load
 * (portal.md §3: the image falls back to an OS icon).
 */
export function OsImage({ osType, imagePath, label, height }: Props) {
  const url = toAssetUrl(imagePath);
  const [hasFailed, setHasFailed] = useState(false);
  if (url !== null && !hasFailed) {
    return (
      <img
        src={url}
        alt={label}
        loading="lazy"
        onError={() => setHasFailed(true)}
        style={{ display: 'block', width: '100%', height, objectFit: 'contain' }}
      />
    );
  }
  const { Icon, color } = ICONS[osFamilyOf(osType)];
  return (
    <Center role="img" aria-label={label} h={height} bg="gray.0" c={color}>
      <Icon size={Math.min(72, Math.round(height * 0.6))} stroke={1.5} />
    </Center>
  );
}
