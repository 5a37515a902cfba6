import { useRef } from 'react';
import { FileInput, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkLicenceFile, MAX_LICENCE_BYTES } from './licence-file';

/** The licence as chosen: none, being read, fit to send, or refused with a translated reason. */
export type LicenceChoice =
  | { status: 'none' }
  | { status: 'checking'; file: File }
  | { status: 'ready'; file: File }
  | { status: 'invalid'; file: File; problem: string };

export const NO_LICENCE: LicenceChoice = { status: 'none' };

type Props = {
  choice: LicenceChoice;
  onChange: (choice: LicenceChoice) => void;
  translateMessage: (text: string) => string;
  disabled: boolean;
};

const MEGABYTE = 1024 * 1024;

/**
 * The Microsoft licence PDF (vm-lifecycle.md §2.5): a labelled file field that takes one PDF of
 * at most 20 MB, names the file chosen, and says plainly what is wrong with one it refuses.
 * Nothing is sent until Pay.
 */
export function LicenceChooser({ choice, onChange, translateMessage, disabled }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const latestRef = useRef<File | null>(null);
  const file = choice.status === 'none' ? null : choice.file;
  const size = (bytes: number) =>
    new Intl.NumberFormat(i18n.language, {
      style: 'unit',
      unit: bytes >= MEGABYTE ? 'megabyte' : 'kilobyte',
      maximumFractionDigits: 1,
    }).format(bytes >= MEGABYTE ? bytes / MEGABYTE : Math.max(bytes / 1024, 0.1));

  const choose = (chosen: File | null) => {
    latestRef.current = chosen;
    if (chosen === null) {
      onChange(NO_LICENCE);
      return;
    }
    onChange({ status: 'checking', file: chosen });
    checkLicenceFile(chosen).then(
      (problem) => {
        if (latestRef.current !== chosen) return;
        onChange(
          problem === null
            ? { status: 'ready', file: chosen }
            : { status: 'invalid', file: chosen, problem: translateMessage(problem) },
        );
      },
      () => {
        if (latestRef.current !== chosen) return;
        onChange({ status: 'invalid', file: chosen, problem: t('licence.unreadable') });
      },
    );
  };

  const status =
    choice.status === 'checking'
      ? t('licence.checking', { name: choice.file.name })
      : choice.status === 'ready'
        ? t('licence.ready', { name: choice.file.name, size: size(choice.file.size) })
        : '';

  return (
    <Stack gap={6} data-testid="licence-chooser" data-status={choice.status}>
      <FileInput
        label={t('licence.label')}
        description={t('licence.description', { size: size(MAX_LICENCE_BYTES) })}
        placeholder={t('licence.placeholder')}
        accept="application/pdf,.pdf"
        required
        clearable
        clearButtonProps={{ 'aria-label': t('licence.clear') }}
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        value={file}
        onChange={choose}
        error={choice.status === 'invalid' ? choice.problem : null}
        disabled={disabled}
        fileInputProps={{ 'data-testid': 'licence-input' } as object}
      />
      {/* Always present, so screen readers hear the file being checked and accepted. */}
      <Text
        size="xs"
        c={choice.status === 'ready' ? 'teal.9' : 'dimmed'}
        mih={18}
        role="status"
        aria-live="polite"
        data-testid="licence-status"
      >
        {status}
      </Text>
    </Stack>
  );
}
