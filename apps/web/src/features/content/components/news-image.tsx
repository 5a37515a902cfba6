import { useTranslation } from 'react-i18next';
import { hasNewsImage } from '@cloud-portal/contract/content/news-rules';
import { ImagePlaceholder } from '@/components/image-placeholder';
import { toAssetUrl } from '@/lib/asset-url';

type Props = { imagePath: string | null; title: string; height: number };

/** A news item's picture, or the placeholder when it has none ('NA' or null). */
export function NewsImage({ imagePath, title, height }: Props) {
  const { t } = useTranslation();
  const url = hasNewsImage(imagePath) ? toAssetUrl(imagePath) : null;
  if (url === null) return <ImagePlaceholder label={t('home.newsNoImage')} height={height} />;
  return (
    <img
      src={url}
      alt={title}
      loading="lazy"
      style={{ display: 'block', width: '100%', height, objectFit: 'cover' }}
    />
  );
}
