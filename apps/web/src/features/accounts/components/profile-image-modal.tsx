import { useEffect, useRef, useState } from 'react';
import { Button, Center, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toAssetUrl } from '@/lib/asset-url';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { readImageSize } from '@/lib/read-image-size';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { USER_PROFILE_QUERY_KEY } from '@/lib/user-profile-info';
import { useRemoveProfileImage } from '../api/remove-profile-image';
import { useUpdateProfileImage } from '../api/update-profile-image';
import {
  checkProfileImage,
  PROFILE_IMAGE_TYPES,
} from '@cloud-portal/contract/accounts/profile-image-rules';
import { useAccountMessages } from '@/lib/use-account-messages';
import { CustomerAvatar } from './customer-avatar';

type Props = {
  opened: boolean;
  onClose: () => void;
  imagePath: string | null;
  fullName: string;
};

type Chosen = { file: File; previewUrl: string };

/**
 * vm-lifecycle.md §2.7: the profile image with Remove and Update. Update picks a PNG, JPEG or
 * WebP image of at most 5 MB (checked here and on the server), shows it, and a second Update
 * uploads it. A chosen file is decoded at once, so one that is no picture (a renamed PDF, a
 * broken PNG) is refused when chosen, not after Update.
 */
export function ProfileImageModal({ opened, onClose, imagePath, fullName }: Props) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const upload = useUpdateProfileImage();
  const remove = useRemoveProfileImage();
  const { translateMessage, translateError } = useAccountMessages();
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [checkingFile, setCheckingFile] = useState<File | null>(null);
  const resetFileRef = useRef<() => void>(null);
  /** The file chosen last: a slower check of an earlier one must not overwrite its answer. */
  const latestFileRef = useRef<File | null>(null);
  const isBusy = upload.isPending || remove.isPending;
  const imageUrl = toAssetUrl(imagePath);

  // The preview's object URL is released when another file is chosen or the dialog goes.
  useEffect(() => {
    if (chosen === null) return;
    return () => URL.revokeObjectURL(chosen.previewUrl);
  }, [chosen]);

  const close = () => {
    if (isBusy) return;
    latestFileRef.current = null;
    setCheckingFile(null);
    setProblem(null);
    setChosen(null);
    onClose();
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: USER_PROFILE_QUERY_KEY });
    // The header shows the image too.
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };

  const handleFile = (file: File | null) => {
    resetFileRef.current?.();
    if (file === null) return;
    latestFileRef.current = file;
    const fileProblem = checkProfileImage(file);
    if (fileProblem !== null) {
      setChosen(null);
      setCheckingFile(null);
      setProblem(t(`messages.${fileProblem}`));
      return;
    }
    setProblem(null);
    setChosen(null);
    setCheckingFile(file);
    readImageSize(file).then(
      () => {
        if (latestFileRef.current !== file) return;
        setCheckingFile(null);
        setChosen({ file, previewUrl: URL.createObjectURL(file) });
      },
      () => {
        if (latestFileRef.current !== file) return;
        setCheckingFile(null);
        setProblem(t('profileImage.unreadable'));
      },
    );
  };

  const handleUpload = (file: File) => {
    upload.mutate(file, {
      onSuccess: ({ message }) => {
        showSuccessToast({ message: translateMessage(message) });
        refresh();
        setChosen(null);
        onClose();
      },
      onError: (error) => {
        const text = translateError(error);
        setProblem(text);
        showErrorToast({ message: text });
      },
    });
  };

  const handleRemove = () => {
    setProblem(null);
    remove.mutate(undefined, {
      onSuccess: (message) => {
        showSuccessToast({ message: translateMessage(message) });
        refresh();
        setChosen(null);
        onClose();
      },
      onError: (error) => showErrorToast({ message: translateError(error) }),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('profileImage.title')}
      size="sm"
      attributes={{ content: { 'data-testid': 'profile-image-modal' } }}
    >
      <FileButton
        onChange={handleFile}
        accept={PROFILE_IMAGE_TYPES.join(',')}
        resetRef={resetFileRef}
        inputProps={{ 'aria-label': t('profileImage.chooseFile') }}
      >
        {(picker) => (
          <Stack gap="md">
            <Center>
              <CustomerAvatar
                src={chosen?.previewUrl ?? imageUrl}
                name={fullName}
                size={160}
                radius="50%"
                alt={
                  chosen ? t('profileImage.previewAlt') : t('profileImage.alt', { name: fullName })
                }
              />
            </Center>
            <Text size="sm" c="dimmed" ta="center" aria-live="polite">
              {checkingFile
                ? t('profileImage.checking', { name: checkingFile.name })
                : chosen
                  ? t('profileImage.chosen', { name: chosen.file.name })
                  : t('profileImage.rule')}
            </Text>
            {chosen && (
              <Center>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconPhoto size={16} aria-hidden />}
                  onClick={picker.onClick}
                  disabled={isBusy}
                >
                  {t('profileImage.chooseAnother')}
                </Button>
              </Center>
            )}
            <Text size="sm" c="red.8" ta="center" role="alert" data-testid="profile-image-problem">
              {problem ?? ''}
            </Text>
            <Group grow gap="sm">
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={handleRemove}
                loading={remove.isPending}
                disabled={isBusy || imageUrl === null}
              >
                {t('profileImage.remove')}
              </Button>
              <Button
                leftSection={<IconUpload size={18} aria-hidden />}
                onClick={chosen ? () => handleUpload(chosen.file) : picker.onClick}
                loading={upload.isPending || checkingFile !== null}
                disabled={isBusy || checkingFile !== null}
              >
                {t('profileImage.update')}
              </Button>
            </Group>
          </Stack>
        )}
      </FileButton>
    </Modal>
  );
}
