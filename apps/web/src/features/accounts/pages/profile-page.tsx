import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Container, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { lazyDialog } from '@/lib/lazy-dialog';
import { MACHINES_ANCHOR } from '@/lib/profile-anchor';
import { useUserProfileInfo } from '@/lib/user-profile-info';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileSummary } from '../components/profile-summary';
import { useAccountMessages } from '@/lib/use-account-messages';

// The image dialog's code loads when a pointer or the keyboard reaches the image.
const imageDialog = lazyDialog(
  () => import('../components/profile-image-modal'),
  (module) => module.ProfileImageModal,
  (props) => props.opened,
);

/**
 * /customerprofile/{id} and /CustomerProfile/{id} (vm-lifecycle.md §2.7): the profile image
 * (Remove / Update), Personal Information and Billing Address, and below them the profile's
 * tabs (`tabs`, composed by the app: products, purchases, renewals, tickets, backups, archive).
 * With #machines (View Purchase after a payment) the personal sections start closed and the tabs
 * are scrolled into view once the details have arrived, so the machine list is what shows.
 */
export function ProfilePage({ tabs }: { tabs: ReactNode }) {
  const { t } = useTranslation('accounts');
  const profile = useUserProfileInfo();
  const { translateError } = useAccountMessages();
  const [isImageOpen, setIsImageOpen] = useState(false);
  const details = profile.data?.userDetails;
  const isLandingOnMachines = useLocation().hash === `#${MACHINES_ANCHOR}`;
  const hasDetails = details !== undefined;

  useEffect(() => {
    if (!isLandingOnMachines || !hasDetails) return;
    document.getElementById(MACHINES_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [isLandingOnMachines, hasDetails]);

  return (
    <>
      <ProfileSummary
        details={details ?? null}
        onOpenImage={() => setIsImageOpen(true)}
        onPrepareImage={imageDialog.preload}
      />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        <Stack gap="xl">
          {profile.isPending ? (
            <ProfileDetailsSkeleton />
          ) : profile.isError || !profile.data ? (
            <QueryErrorAlert
              title={t('profile.loadError')}
              message={translateError(profile.error)}
              onRetry={() => void profile.refetch()}
              isRetrying={profile.isRefetching}
            />
          ) : (
            <ProfileDetailsForm
              details={profile.data.userDetails}
              countries={profile.data.country}
              isCollapsed={isLandingOnMachines}
            />
          )}
          {tabs}
        </Stack>
      </Container>
      {details && (
        <imageDialog.Dialog
          opened={isImageOpen}
          onClose={() => setIsImageOpen(false)}
          imagePath={details.imagePath}
          fullName={`${details.firstName} ${details.lastName}`.trim()}
        />
      )}
    </>
  );
}

/** Fields in the form's Personal Information and Billing Address sections (both open at first). */
const SKELETON_SECTION_FIELDS = [5, 7];

/**
 * The details form's shape while it loads: its two open sections and their fields, two to a row
 * from `sm`, so the tabs below do not jump down the page when the form arrives.
 */
function ProfileDetailsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" data-testid="profile-loading">
      {SKELETON_SECTION_FIELDS.map((fields, section) => (
        <Stack key={section} gap="xs">
          <Skeleton height={58} radius="lg" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" px="md" pb="md">
            {Array.from({ length: fields }, (_, field) => (
              // The email field (the first section's third) carries a description below it.
              <Skeleton key={field} height={section === 0 && field === 2 ? 86 : 66} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
      <Skeleton height={36} width={120} radius="md" ml="auto" />
    </Stack>
  );
}
