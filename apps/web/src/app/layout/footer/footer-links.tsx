import { Link } from 'react-router';
import { Box, Grid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './site-footer.module.css';

type FooterLink = { id: string; label: string; to: string };

type Props = { productsAndServicesPath: string | null };

/** portal.md §2: the footer's page links, in two short columns. */
export function FooterLinks({ productsAndServicesPath }: Props) {
  const { t } = useTranslation();
  const companyLinks: FooterLink[] = [
    { id: 'about', label: t('footer.aboutUs'), to: '/about' },
    { id: 'terms', label: t('footer.terms'), to: '/termcondition' },
    { id: 'faq', label: t('footer.faq'), to: '/Faq' },
    { id: 'privacy', label: t('footer.privacyPolicy'), to: '/privacypolicy' },
    { id: 'help', label: t('footer.help'), to: '/help' },
  ];
  const exploreLinks: FooterLink[] = [
    { id: 'news', label: t('footer.news'), to: '/news' },
    { id: 'products', label: t('footer.products'), to: '/marketplace' },
    ...(productsAndServicesPath === null
      ? []
      : [
          {
            id: 'products-and-services',
            label: t('nav.productsAndServices'),
            to: productsAndServicesPath,
          },
        ]),
    {
      id: 'partner-cloud-services',
      label: t('nav.partnerCloudServices'),
      to: '/partnerCloudServices',
    },
  ];

  return (
    <>
      <LinkColumn heading={t('footer.companyHeading')} links={companyLinks} />
      <LinkColumn heading={t('footer.exploreHeading')} links={exploreLinks} />
    </>
  );
}

function LinkColumn({ heading, links }: { heading: string; links: FooterLink[] }) {
  return (
    <Grid.Col span={{ base: 6, md: 2 }}>
      <Box component="nav" aria-label={heading}>
        <h2 className={classes.heading}>{heading}</h2>
        <ul className={classes.linkList}>
          {links.map((link) => (
            <li key={link.id}>
              <Link to={link.to} className={classes.link}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </Box>
    </Grid.Col>
  );
}
