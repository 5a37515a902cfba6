import { useEffect, useState } from 'react';
import { Button, Modal, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** portal.md §2: the bar moves every 499 ms and the customer moves on after 3 seconds. */
const WELCOME_PROGRESS_STEP_MS = 499;
const WELCOME_DURATION_MS = 3_000;

type Props = { opened: boolean; firstName: string; onDone: () => void };

/** After the one-time code: a welcome with a progress bar, then the next page. */
export function WelcomeModal({ opened, firstName, onDone }: Props) {
  const { t } = useTranslation('accounts');
  const [elapsed, setElapsed] = useState(0);

  useEffect(() => {
    if (!opened) return;
    const startedAt = Date.now();
    const step = window.setInterval(
      () => setElapsed(Math.min(WELCOME_DURATION_MS, Date.now() - startedAt)),
      WELCOME_PROGRESS_STEP_MS,
    );
    const done = window.setTimeout(onDone, WELCOME_DURATION_MS);
    return () => {
      window.clearInterval(step);
      window.clearTimeout(done);
    };
  }, [opened, onDone]);

  const percent = Math.round((elapsed / WELCOME_DURATION_MS) * 100);

  return (
    <Modal
      opened={opened}
      onClose={onDone}
      withCloseButton={false}
      title={t('welcome.title', { firstName })}
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)' } }}
      attributes={{ content: { 'data-testid': 'welcome-modal' } }}
    >
      <Stack align="center" ta="center" gap="md" py="md">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconConfetti size={34} />
        </ThemeIcon>
        <Text c="dimmed">{t('welcome.text')}</Text>
        <Progress
          value={percent}
          w="100%"
          size="md"
          radius="xl"
          transitionDuration={WELCOME_PROGRESS_STEP_MS}
          aria-label={t('welcome.progress')}
          data-testid="welcome-progress"
        />
        <Button variant="subtle" onClick={onDone}>
          {t('welcome.continue')}
        </Button>
      </Stack>
    </Modal>
  );
}
