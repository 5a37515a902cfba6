import {
  Box,
  Container,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TUserDetails } from '@cloud-portal/contract/accounts/profile';
import { toAssetUrl } from '@/lib/asset-url';
import classes from './profile-summary.module.css';
import { CustomerAvatar } from './customer-avatar';

type Props = {
  details: TUserDetails | null;
  onOpenImage: () => void;
  /** A pointer or the keyboard reached the image: the dialog's code may start loading. */
  onPrepareImage?: () => void;
};

/** The band at the top of the profile: the image (a button that opens Remove / Update), name and email. */
export function ProfileSummary({ details, onOpenImage, onPrepareImage }: Props) {
  const { t } = useTranslation('accounts');
  const fullName = details ? `${details.firstName} ${details.lastName}`.trim() : '';

  return (
    <Box component="header" bg="gray.0" py={{ base: 'lg', md: 40 }} mb={{ base: 'lg', md: 'xl' }}>
      <Container size="xl">
        <Group gap="lg" wrap="nowrap" align="center">
          {details ? (
            <UnstyledButton
              className={classes.imageButton}
              onClick={onOpenImage}
              onPointerEnter={onPrepareImage}
              onFocus={onPrepareImage}
              aria-haspopup="dialog"
              data-testid="profile-image-button"
            >
              <CustomerAvatar
                src={toAssetUrl(details.imagePath)}
                name={fullName}
                size={88}
                radius="50%"
                alt={t('profileImage.alt', { name: fullName })}
              />
              {/* Named by its visible initials (or picture) and this text, as WCAG 2.5.3 asks. */}
              <VisuallyHidden>{t('profileImage.open')}</VisuallyHidden>
              <span className={classes.cameraBadge} aria-hidden>
                <IconCamera size={16} />
              </span>
            </UnstyledButton>
          ) : (
            <Skeleton circle height={88} />
          )}
          <Stack gap={2} miw={0}>
            <Title order={1} fz={{ base: 26, md: 34 }}>
              {t('profile.title')}
            </Title>
            {details && (
              <>
                <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                  {fullName}
                </Text>
                <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {details.emailID}
                </Text>
              </>
            )}
          </Stack>
        </Group>
      </Container>
    </Box>
  );
}
