import { useId, useRef, type ComponentProps } from 'react';
import { ActionIcon, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_TICKET_FILES, TICKET_FILE_ACCEPT } from '@cloud-portal/contract/tickets/ticket-rules';
import { addTicketFiles, fileSizeInMegabytes, type FileProblem } from '@/lib/ticket-form-checks';

type Props = {
  files: readonly File[];
  onChange: (files: File[]) => void;
  problems: readonly string[];
  onProblems: (problems: string[]) => void;
  disabled?: boolean;
  testId: string;
};

export function useDeskFileProblemText() {
  const { t } = useTranslation('operator');
  return (problem: FileProblem): string => {
    const name = problem.name ?? '';
    switch (problem.key) {
      case 'fileTooLarge':
        return t('desk.files.tooLarge', { name });
      case 'fileTypeNamed':
        return t('desk.files.type', { name });
      case 'fileEmptyNamed':
        return t('desk.files.emptyFile', { name });
      case 'tooManyFiles':
        return t('desk.files.tooMany');
    }
  };
}

/** Up to 4 images or PDFs, checked as the customer's are (the server checks the bytes again). */
export function DeskFilesInput({ files, onChange, problems, onProblems, disabled, testId }: Props) {
  const { t } = useTranslation('operator');
  const problemText = useDeskFileProblemText();
  const resetRef = useRef<() => void>(null);
  const labelId = useId();
  const hintId = useId();
  const problemId = useId();
  const isFull = files.length >= MAX_TICKET_FILES;

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} data-testid={testId}>
      <Text id={labelId} size="sm" fw={500}>
        {t('desk.files.label')}
      </Text>
      <Text id={hintId} size="xs" c="dimmed">
        {t('desk.files.hint', { count: MAX_TICKET_FILES })}
      </Text>
      {files.length > 0 && (
        <Stack
          component="ul"
          gap={4}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('desk.files.listLabel')}
        >
          {files.map((file, index) => {
            const size = fileSizeInMegabytes(file.size);
            return (
              <Group component="li" key={`${file.name}-${index}`} gap="xs" wrap="nowrap">
                <Text size="sm" truncate="end" miw={0}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {size === null ? t('desk.files.sizeSmall') : t('desk.files.size', { size })}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={disabled}
                  onClick={() => {
                    onChange(files.filter((_, position) => position !== index));
                    onProblems([]);
                  }}
                  aria-label={t('desk.files.remove', { name: file.name })}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
      <FileButton
        onChange={(chosen) => {
          resetRef.current?.();
          const result = addTicketFiles(files, chosen);
          onChange(result.files);
          onProblems(result.problems.map(problemText));
        }}
        accept={TICKET_FILE_ACCEPT}
        multiple
        resetRef={resetRef}
        disabled={disabled || isFull}
        inputProps={
          {
            'aria-label': t('desk.files.add'),
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
          >
            {t('desk.files.add')}
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
