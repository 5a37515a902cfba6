import { useId, useRef, type ComponentProps } from 'react';
import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconFile, IconPaperclip, IconPhoto, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_TICKET_FILES, TICKET_FILE_ACCEPT } from '@cloud-portal/contract/tickets/ticket-rules';
import { addTicketFiles, fileSizeInMegabytes, type FileProblem } from '@/lib/ticket-form-checks';

type Props = {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** The problems of the files chosen last, or the server's with the files, in words. */
  problems: readonly string[];
  onProblems: (problems: string[]) => void;
  disabled?: boolean;
  testId: string;
};

/** A file problem in the reader's language. */
export function useFileProblemText() {
  const { t } = useTranslation('tickets');
  return (problem: FileProblem) => t(`messages.${problem.key}`, { name: problem.name ?? '' });
}

/**
 * Up to 4 images or PDFs (vm-lifecycle.md §5, §9): Add files opens the browser's picker; each
 * chosen file is checked at once ('{file name} is more than 20 MB') and listed with its size and
 * a button that removes it.
 */
export function TicketFilesInput({
  files,
  onChange,
  problems,
  onProblems,
  disabled = false,
  testId,
}: Props) {
  const { t } = useTranslation('tickets');
  const problemText = useFileProblemText();
  const resetRef = useRef<() => void>(null);
  const labelId = useId();
  const hintId = useId();
  const problemId = useId();
  const isFull = files.length >= MAX_TICKET_FILES;

  const choose = (chosen: File[]) => {
    resetRef.current?.();
    const result = addTicketFiles(files, chosen);
    onChange(result.files);
    onProblems(result.problems.map(problemText));
  };

  const remove = (index: number) => {
    onChange(files.filter((_, position) => position !== index));
    onProblems([]);
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} data-testid={testId}>
      <Text id={labelId} size="sm" fw={500}>
        {t('files.label')}
      </Text>
      <Text id={hintId} size="xs" c="dimmed">
        {t('files.hint', { count: MAX_TICKET_FILES })}
      </Text>
      {files.length > 0 && (
        <Stack
          component="ul"
          gap={4}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('files.listLabel')}
        >
          {files.map((file, index) => {
            const size = fileSizeInMegabytes(file.size);
            const Icon = file.type === 'application/pdf' ? IconFile : IconPhoto;
            return (
              <Group
                component="li"
                key={`${file.name}-${index}`}
                gap="xs"
                wrap="nowrap"
                justify="space-between"
                data-testid={`${testId}-file`}
              >
                <Group gap={6} wrap="nowrap" miw={0}>
                  <Icon size={16} aria-hidden style={{ flexShrink: 0 }} />
                  <Text size="sm" truncate="end" miw={0}>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {size === null ? t('files.sizeSmall') : t('files.size', { size })}
                  </Text>
                </Group>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => remove(index)}
                  disabled={disabled}
                  aria-label={t('files.remove', { name: file.name })}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
      <FileButton
        onChange={choose}
        accept={TICKET_FILE_ACCEPT}
        multiple
        resetRef={resetRef}
        disabled={disabled || isFull}
        inputProps={
          {
            'aria-label': t('files.add'),
            'data-testid': `${testId}-input`,
          } as ComponentProps<'input'>
        }
      >
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconPaperclip size={16} aria-hidden />}
            disabled={disabled || isFull}
            aria-describedby={problems.length > 0 ? `${hintId} ${problemId}` : hintId}
            style={{ alignSelf: 'flex-start' }}
            data-testid={`${testId}-add`}
          >
            {t('files.add')}
          </Button>
        )}
      </FileButton>
      <div id={problemId} role="alert" data-testid={`${testId}-problem`}>
        {problems.map((problem, index) => (
          <Text key={index} size="sm" c="red.8">
            {problem}
          </Text>
        ))}
      </div>
    </Stack>
  );
}
