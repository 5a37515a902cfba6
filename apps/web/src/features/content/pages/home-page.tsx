import { HomeHero } from '../components/home-hero';
import { NewsCarouselSection } from '../components/news-carousel-section';
import { OurReachSection } from '../components/our-reach-section';
import { ProductServicesSection } from '../components/product-services-section';

/** /home (and any unknown path): banner, products and services, offices, news. */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <ProductServicesSection />
      <OurReachSection />
      <NewsCarouselSection />
    </>
  );
}
