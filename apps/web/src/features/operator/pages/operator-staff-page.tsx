import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffRole } from '@cloud-portal/contract/operator/permissions';
import type { TStaffMember } from '@cloud-portal/contract/operator/staff';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { accountMessages } from '@cloud-portal/contract/validation/account-rules';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';
import { showSuccessToast } from '@/lib/notify';
import {
  staffQueryOptions,
  useChangeRole,
  useInviteStaff,
  useRemoveMember,
  useResetTotp,
} from '../api/staff';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useOperatorTitle } from '../components/operator-auth-frame';
import { useOperatorMessages } from '../components/operator-messages';
import { RequirePermission, useOperatorMember } from '../components/operator-shell';

/** /operator/staff (staff.manage): the company's members; invite, change role, remove, reset TOTP. */
export function OperatorStaffPage() {
  const { t } = useTranslation('operator');
  useOperatorTitle(t('nav.staff'));
  return (
    <RequirePermission permission="staff.manage">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('nav.staff')}
        </Title>
        <InviteForm />
        <StaffList />
      </Stack>
    </RequirePermission>
  );
}

function InviteForm() {
  const { t } = useTranslation('operator');
  const invite = useInviteStaff();
  const { translateProblem, translateMessage, errorText } = useOperatorMessages();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ email: string; role: StaffRole }>({
    initialValues: { email: '', role: 'support' },
    validate: {
      email: (value) => translateProblem(validateEmail(value, accountMessages.emailInvalid)),
    },
  });
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="invite-title">
      <Title order={2} fz="lg" id="invite-title" mb="sm">
        {t('staff.inviteTitle')}
      </Title>
      <form
        noValidate
        aria-labelledby="invite-title"
        onSubmit={form.onSubmit((values) => {
          setFailure(null);
          invite.mutate(values, {
            onSuccess: () => {
              showSuccessToast({ message: translateMessage(operatorTexts.memberInvited) });
              form.reset();
            },
            onError: (error) => setFailure(errorText(error)),
          });
        })}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="email"
            label={t('fields.email')}
            required
            style={{ flex: '1 1 240px' }}
            {...form.getInputProps('email')}
          />
          <NativeSelect
            label={t('staff.role')}
            style={{ flex: '0 1 180px' }}
            data={STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            {...form.getInputProps('role')}
          />
          <SubmitButton isPending={invite.isPending} mt={{ base: 0, xs: 25 }}>
            {t('staff.invite')}
          </SubmitButton>
        </Group>
        <FormErrorAnnouncer messages={Object.values(form.errors).map(String)} />
        {failure && (
          <Alert color="red" role="alert" mt="sm" data-testid="invite-error">
            {failure}
          </Alert>
        )}
      </form>
    </Card>
  );
}

type PendingAction =
  | { kind: 'role'; member: TStaffMember; role: StaffRole }
  | { kind: 'remove'; member: TStaffMember }
  | { kind: 'reset'; member: TStaffMember };

function StaffList() {
  const { t } = useTranslation('operator');
  const me = useOperatorMember();
  const staff = useQuery(staffQueryOptions());
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const reset = useResetTotp();
  const { translateMessage, errorText } = useOperatorMessages();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isPending = changeRole.isPending || remove.isPending || reset.isPending;

  const close = () => {
    setPending(null);
    setFailure(null);
  };
  const done = (message: string) => {
    showSuccessToast({ message: translateMessage(message) });
    close();
  };
  const fail = (error: unknown) => setFailure(errorText(error));
  const confirm = () => {
    if (!pending) return;
    const staffId = pending.member.staffId;
    if (pending.kind === 'role') {
      changeRole.mutate(
        { staffId, role: pending.role },
        { onSuccess: () => done(operatorTexts.roleChanged), onError: fail },
      );
    } else if (pending.kind === 'remove') {
      remove.mutate(staffId, { onSuccess: () => done(operatorTexts.memberRemoved), onError: fail });
    } else {
      reset.mutate(staffId, {
        onSuccess: () => done(operatorTexts.totpReset),
        onError: fail,
      });
    }
  };

  if (staff.isPending) return <Loader aria-label={t('loading')} />;
  if (staff.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(staff.error)}
      </Alert>
    );
  }

  const dialog =
    pending &&
    {
      role: {
        title: t('staff.confirmRoleTitle'),
        body: t('staff.confirmRole', {
          name: pending.member.name || pending.member.email,
          role: pending.kind === 'role' ? t(`roles.${pending.role}`) : '',
        }),
        label: t('staff.changeRole'),
      },
      remove: {
        title: t('staff.confirmRemoveTitle'),
        body: t('staff.confirmRemove', { name: pending.member.name || pending.member.email }),
        label: t('staff.remove'),
      },
      reset: {
        title: t('staff.confirmResetTitle'),
        body: t('staff.confirmReset', { name: pending.member.name || pending.member.email }),
        label: t('staff.resetTotp'),
      },
    }[pending.kind];

  return (
    <section aria-labelledby="members-title">
      <Title order={2} fz="lg" id="members-title" mb="sm">
        {t('staff.membersTitle', { count: staff.data.length })}
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" data-testid="staff-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('staff.member')}</Table.Th>
              <Table.Th scope="col">{t('staff.role')}</Table.Th>
              <Table.Th scope="col">{t('staff.status')}</Table.Th>
              <Table.Th scope="col">{t('staff.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {staff.data.map((member) => {
              const isMe = member.staffId === me.staff.id;
              const who = member.name || member.email;
              return (
                <Table.Tr key={member.staffId} data-testid="staff-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {member.name || '—'} {isMe && t('staff.you')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {member.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      size="xs"
                      aria-label={t('staff.roleOf', { name: who })}
                      value={member.role}
                      disabled={isMe}
                      data={STAFF_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                      onChange={(event) => {
                        const role = event.currentTarget.value as StaffRole;
                        if (role !== member.role) setPending({ kind: 'role', member, role });
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {member.enrolled ? (
                        <IconCircleCheck
                          size={16}
                          color="var(--mantine-color-teal-8)"
                          aria-hidden
                        />
                      ) : (
                        <IconClockHour4 size={16} aria-hidden />
                      )}
                      <Text size="sm">
                        {member.enrolled ? t('staff.enrolled') : t('staff.notEnrolled')}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {!isMe && (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t('staff.resetTotpOf', { name: who })}
                          onClick={() => setPending({ kind: 'reset', member })}
                        >
                          {t('staff.resetTotp')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          aria-label={t('staff.removeOf', { name: who })}
                          onClick={() => setPending({ kind: 'remove', member })}
                        >
                          {t('staff.remove')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={pending !== null}
        title={dialog?.title ?? ''}
        body={dialog?.body ?? ''}
        confirmLabel={dialog?.label ?? ''}
        danger={pending?.kind !== 'role'}
        isPending={isPending}
        error={failure}
        onConfirm={confirm}
        onClose={close}
      />
    </section>
  );
}
