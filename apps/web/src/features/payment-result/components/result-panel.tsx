import { useEffect, useRef, type ReactNode } from 'react';
import { Container, Flex, Loader, Paper, Stack, ThemeIcon, Title } from '@mantine/core';

type Props = {
  /** The view's icon, or a spinner while the payment is being confirmed. */
  icon: ReactNode | 'spinner';
  color: string;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId: string;
};

/**
 * One result of a payment: an icon, the page's heading, what it means and what to do next.
 * The heading takes the focus when the panel appears (give each view its own `key`), so a
 * screen reader hears the result the moment it changes.
 */
export function ResultPanel({ icon, color, title, children, actions, testId }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Container size="sm" py={{ base: 'lg', md: 64 }} px={{ base: 'sm', xs: 'md' }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs" data-testid={testId}>
        <Stack align="center" ta="center" gap="md">
          {icon === 'spinner' ? (
            <Loader size={56} color={color} aria-hidden />
          ) : (
            <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden>
              {icon}
            </ThemeIcon>
          )}
          <Title
            order={1}
            fz={{ base: 24, md: 30 }}
            ref={headingRef}
            tabIndex={-1}
            style={{ outline: 'none', overflowWrap: 'anywhere' }}
            data-testid={`${testId}-heading`}
          >
            {title}
          </Title>
          {children}
          {actions && (
            <Flex
              direction={{ base: 'column', xs: 'row' }}
              align={{ base: 'stretch', xs: 'center' }}
              justify="center"
              wrap="wrap"
              gap="sm"
              w="100%"
              mt="xs"
            >
              {actions}
            </Flex>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
