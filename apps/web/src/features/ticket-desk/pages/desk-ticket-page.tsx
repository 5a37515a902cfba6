import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TStaffMember } from '@cloud-portal/contract/operator/staff';
import type {
  TDeskTicketMessage,
  TDeskTicketResponse,
} from '@cloud-portal/contract/tickets/ticket-desk';
import {
  MAX_TICKET_NOTE_LENGTH,
  MAX_TICKET_TEXT_LENGTH,
  TICKET_STATUSES,
  type TicketStatus,
} from '@cloud-portal/contract/tickets/ticket-rules';
import { isApiError } from '@/lib/api-client';
import { useConsoleMember } from '@/lib/operator-member';
import { checkReply, fileSizeInMegabytes } from '@/lib/ticket-form-checks';
import {
  deskStaffQueryOptions,
  deskTicketQueryOptions,
  useDeskAnswer,
  useDeskAssign,
  useDeskNote,
  useDeskStatus,
} from '../api/desk-api';
import { DeskFilesInput, useDeskFileProblemText } from '../components/desk-files-input';
import { useDeskMessages } from '../components/desk-messages';
import { DeskStatusBadge } from '../components/desk-status-badge';
import { useAgeText } from '../components/use-age-text';
import { DeskNotFound } from '../components/desk-not-found';

/** /operator/tickets/{id}: the ticket, its customer and machine, the conversation and the actions. */
export function DeskTicketPage({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('operator');
  const { errorText } = useDeskMessages();
  const member = useConsoleMember();
  const ticket = useQuery(deskTicketQueryOptions(ticketId));
  const staff = useQuery({
    ...deskStaffQueryOptions(),
    enabled: member.permissions.includes('staff.manage'),
  });

  if (ticket.isPending) return <Loader aria-label={t('loading')} />;
  if (ticket.isError) {
    if (isApiError(ticket.error) && ticket.error.httpStatus === 404) return <DeskNotFound />;
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{errorText(ticket.error)}</Text>
          <Button size="xs" variant="light" onClick={() => void ticket.refetch()}>
            {t('retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const data = ticket.data;
  const canReply = member.permissions.includes('tickets.reply');
  const canAssign = member.permissions.includes('tickets.assign');
  return (
    <Stack gap="md" data-testid="desk-ticket">
      <Anchor component={Link} to="/operator/tickets" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('desk.back')}
        </Group>
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('desk.ticketTitle', { id: data.ticketID })}
        </Title>
        <DeskStatusBadge status={data.status} />
      </Group>
      <TicketFacts ticket={data} staff={staff.data} />
      <SimpleGrid cols={{ base: 1, md: canReply || canAssign ? 2 : 1 }} spacing="md">
        {canReply && <StatusBox ticket={data} />}
        {canAssign && <AssignBox ticket={data} staff={staff.data} />}
      </SimpleGrid>
      <Conversation messages={data.messages} staff={staff.data} />
      {canReply && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <AnswerForm ticketId={data.ticketID} />
          <NoteForm ticketId={data.ticketID} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

function useStaffName(staff: readonly TStaffMember[] | undefined) {
  const { t } = useTranslation('operator');
  const member = useConsoleMember();
  return (id: number) => {
    if (id === member.staff.id) return t('desk.authorYou');
    const person = staff?.find((one) => one.staffId === id);
    return person ? person.name || person.email : t('desk.authorStaff', { id });
  };
}

function TicketFacts({
  ticket,
  staff,
}: {
  ticket: TDeskTicketResponse;
  staff: readonly TStaffMember[] | undefined;
}) {
  const { t } = useTranslation('operator');
  const ageText = useAgeText();
  const staffName = useStaffName(staff);
  const facts: [string, ReactNode][] = [
    [
      t('desk.customer'),
      <>
        <Text size="sm" component="span" display="block">
          {ticket.customer.name}
        </Text>
        <Text
          size="xs"
          c="dimmed"
          component="span"
          display="block"
          style={{ overflowWrap: 'anywhere' }}
        >
          {ticket.customer.email}
        </Text>
      </>,
    ],
    [t('desk.issueType'), ticket.issueType],
    [
      t('desk.vm'),
      ticket.vm === null ? (
        t('desk.noVm')
      ) : (
        <>
          {ticket.vm.vmName}{' '}
          <Badge size="sm" variant="outline" color="gray" c="dark.6" data-testid="desk-vm-state">
            {ticket.vm.state}
            {ticket.vm.isBlocked ? ` · ${t('desk.vmBlocked')}` : ''}
          </Badge>
        </>
      ),
    ],
    [
      t('desk.opened'),
      <time key="opened" dateTime={ticket.createdAt}>
        {ageText(ticket.createdAt)}
      </time>,
    ],
    [
      t('desk.columns.assignee'),
      ticket.assigneeID === null ? t('desk.unassigned') : staffName(ticket.assigneeID),
    ],
  ];
  return (
    <Card withBorder padding="md" component="section" aria-label={t('desk.customer')}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed" fw={600}>
              {label}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function Conversation({
  messages,
  staff,
}: {
  messages: readonly TDeskTicketMessage[];
  staff: readonly TStaffMember[] | undefined;
}) {
  const { t, i18n } = useTranslation('operator');
  const staffName = useStaffName(staff);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack component="section" gap="sm" aria-labelledby="desk-conversation">
      <Title order={2} size="h3" id="desk-conversation">
        {t('desk.conversation')}
      </Title>
      <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {messages.map((message) => (
          <Paper
            component="li"
            key={message.ID}
            withBorder
            p="sm"
            bg={
              message.internal ? 'yellow.0' : message.authorKind === 'staff' ? 'blue.0' : undefined
            }
            style={
              message.internal
                ? { borderStyle: 'dashed', borderColor: 'var(--mantine-color-yellow-7)' }
                : undefined
            }
            data-testid={message.internal ? 'desk-note' : 'desk-message'}
          >
            <Group gap="xs" justify="space-between" mb={4}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {message.authorKind === 'customer'
                    ? t('desk.authorCustomer')
                    : staffName(message.authorID)}
                </Text>
                {message.internal && (
                  <Badge
                    size="sm"
                    color="yellow"
                    c="dark.8"
                    leftSection={<IconLock size={12} aria-hidden />}
                    title={t('desk.internalHint')}
                    data-testid="desk-internal-mark"
                  >
                    {t('desk.internal')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dark.4" component="time" dateTime={message.createdAt}>
                {when.format(new Date(message.createdAt))}
              </Text>
            </Group>
            {message.internal && (
              <Text size="xs" c="dark.6" mb={4}>
                {t('desk.internalHint')}
              </Text>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
            {message.attachments.length > 0 && (
              <Stack
                component="ul"
                gap={2}
                mt="xs"
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={t('desk.attachments')}
              >
                {message.attachments.map((attachment) => {
                  const size = fileSizeInMegabytes(attachment.size);
                  return (
                    <li key={attachment.ID}>
                      <Anchor
                        href={attachment.url}
                        download={attachment.fileName}
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                        aria-label={t('desk.download', { name: attachment.fileName })}
                        data-testid="desk-attachment"
                      >
                        {attachment.fileName}
                      </Anchor>{' '}
                      <Text span size="xs" c="dark.4">
                        {size === null ? t('desk.files.sizeSmall') : t('desk.files.size', { size })}
                      </Text>
                    </li>
                  );
                })}
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

const SUCCESS_COLOUR = 'color-mix(in srgb, var(--mantine-color-green-9) 70%, black)';

/** A form's last outcome, read out to screen readers. */
function Outcome({ text, isError }: { text: string | null; isError: boolean }) {
  return (
    <div role={isError ? 'alert' : 'status'}>
      {text !== null && (
        <Text
          size="sm"
          c={isError ? 'red.9' : undefined}
          // Green dark enough for 4.5:1 on white and on the note's yellow tint.
          style={isError ? undefined : { color: SUCCESS_COLOUR }}
        >
          {text}
        </Text>
      )}
    </div>
  );
}

function AnswerForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('operator');
  const { message: contractText, errorText } = useDeskMessages();
  const problemText = useDeskFileProblemText();
  const answer = useDeskAnswer(ticketId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = checkReply({ message: text, files });
    setFieldError(errors.message ? contractText(errors.message) : null);
    if (errors.files) setProblems([problemText(errors.files)]);
    if (errors.message || errors.files) return;
    setOutcome(null);
    answer.mutate(
      { message: text, files },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setProblems([]);
          setOutcome({ text: contractText('answerSent'), isError: false });
        },
        onError: (error) => setOutcome({ text: errorText(error), isError: true }),
      },
    );
  };

  return (
    <Card
      withBorder
      padding="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="desk-answer"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="desk-answer">
          {t('desk.answer')}
        </Title>
        <Textarea
          label={t('desk.answerLabel')}
          autosize
          minRows={4}
          maxLength={MAX_TICKET_TEXT_LENGTH}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={fieldError}
          disabled={answer.isPending}
          data-testid="desk-answer-text"
        />
        <DeskFilesInput
          files={files}
          onChange={setFiles}
          problems={problems}
          onProblems={setProblems}
          disabled={answer.isPending}
          testId="desk-answer-files"
        />
        <Button
          type="submit"
          loading={answer.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="desk-answer-send"
        >
          {t('desk.send')}
        </Button>
        <Outcome text={outcome?.text ?? null} isError={outcome?.isError ?? false} />
      </Stack>
    </Card>
  );
}

function NoteForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('operator');
  const { message: contractText, errorText } = useDeskMessages();
  const note = useDeskNote(ticketId);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    const problem =
      body === '' ? 'messageRequired' : body.length > MAX_TICKET_NOTE_LENGTH ? 'textTooLong' : null;
    setFieldError(problem === null ? null : contractText(problem));
    if (problem !== null) return;
    setOutcome(null);
    note.mutate(body, {
      onSuccess: () => {
        setText('');
        setOutcome({ text: contractText('noteAdded'), isError: false });
      },
      onError: (error) => setOutcome({ text: errorText(error), isError: true }),
    });
  };

  return (
    <Card
      withBorder
      padding="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="desk-note"
      bg="yellow.0"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconLock size={18} aria-hidden />
          <Title order={2} size="h4" id="desk-note">
            {t('desk.note')}
          </Title>
        </Group>
        <Textarea
          label={t('desk.noteLabel')}
          description={t('desk.internalHint')}
          autosize
          minRows={4}
          maxLength={MAX_TICKET_NOTE_LENGTH}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={fieldError}
          disabled={note.isPending}
          data-testid="desk-note-text"
        />
        <Button
          type="submit"
          variant="outline"
          color="dark"
          loading={note.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="desk-note-send"
        >
          {t('desk.addNote')}
        </Button>
        <Outcome text={outcome?.text ?? null} isError={outcome?.isError ?? false} />
      </Stack>
    </Card>
  );
}

function StatusBox({ ticket }: { ticket: TDeskTicketResponse }) {
  const { t } = useTranslation('operator');
  const { message: contractText, errorText } = useDeskMessages();
  const queryClient = useQueryClient();
  const change = useDeskStatus(ticket.ticketID);
  const [chosen, setChosen] = useState<TicketStatus>(ticket.status);
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    // The status this member saw: the server refuses (409) when it changed meanwhile.
    change.mutate(
      { from: ticket.status, status: chosen },
      {
        onSuccess: () => setOutcome({ text: contractText('statusChanged'), isError: false }),
        onError: (error) => {
          if (isApiError(error) && error.httpStatus === 409) {
            void queryClient.invalidateQueries({
              queryKey: deskTicketQueryOptions(ticket.ticketID).queryKey,
            });
            setOutcome({ text: t('desk.statusReloaded'), isError: true });
          } else setOutcome({ text: errorText(error), isError: true });
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" component="form" onSubmit={submit} aria-labelledby="desk-status">
      <Stack gap="sm">
        <Title order={2} size="h4" id="desk-status">
          {t('desk.changeStatus')}
        </Title>
        <Group align="flex-end" gap="xs">
          <NativeSelect
            label={t('desk.statusLabel')}
            value={chosen}
            onChange={(event) => setChosen(event.currentTarget.value as TicketStatus)}
            data={TICKET_STATUSES.map((status) => ({
              value: status,
              label: t(`desk.statuses.${status}`),
            }))}
            data-testid="desk-status-select"
          />
          <Button
            type="submit"
            loading={change.isPending}
            disabled={chosen === ticket.status}
            data-testid="desk-status-save"
          >
            {t('desk.save')}
          </Button>
        </Group>
        <Outcome text={outcome?.text ?? null} isError={outcome?.isError ?? false} />
      </Stack>
    </Card>
  );
}

function AssignBox({
  ticket,
  staff,
}: {
  ticket: TDeskTicketResponse;
  staff: readonly TStaffMember[] | undefined;
}) {
  const { t } = useTranslation('operator');
  const { message: contractText, errorText } = useDeskMessages();
  const member = useConsoleMember();
  const assign = useDeskAssign(ticket.ticketID);
  const [chosen, setChosen] = useState(ticket.assigneeID === null ? '' : String(ticket.assigneeID));
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null);

  const send = (assigneeID: number | null) => {
    setOutcome(null);
    assign.mutate(assigneeID, {
      onSuccess: (state) => {
        setChosen(state.assigneeID === null ? '' : String(state.assigneeID));
        setOutcome({ text: contractText('assigned'), isError: false });
      },
      onError: (error) => setOutcome({ text: errorText(error), isError: true }),
    });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="desk-assign">
      <Stack gap="sm">
        <Title order={2} size="h4" id="desk-assign">
          {t('desk.assign')}
        </Title>
        {staff !== undefined && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              send(chosen === '' ? null : Number(chosen));
            }}
          >
            <Group align="flex-end" gap="xs">
              <NativeSelect
                label={t('desk.assignTo')}
                value={chosen}
                onChange={(event) => setChosen(event.currentTarget.value)}
                data={[
                  { value: '', label: t('desk.nobody') },
                  ...staff.map((person) => ({
                    value: String(person.staffId),
                    label: person.name || person.email,
                  })),
                ]}
                data-testid="desk-assign-select"
              />
              <Button type="submit" loading={assign.isPending}>
                {t('desk.save')}
              </Button>
            </Group>
          </form>
        )}
        <Group gap="xs">
          {ticket.assigneeID !== member.staff.id && (
            <Button
              variant="light"
              size="xs"
              onClick={() => send(member.staff.id)}
              disabled={assign.isPending}
              data-testid="desk-assign-me"
            >
              {t('desk.assignToMe')}
            </Button>
          )}
          {ticket.assigneeID !== null && (
            <Button
              variant="default"
              size="xs"
              onClick={() => send(null)}
              disabled={assign.isPending}
            >
              {t('desk.unassign')}
            </Button>
          )}
        </Group>
        <Outcome text={outcome?.text ?? null} isError={outcome?.isError ?? false} />
      </Stack>
    </Card>
  );
}
