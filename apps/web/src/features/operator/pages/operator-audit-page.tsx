import { Fragment, useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TAuditEntry } from '@cloud-portal/contract/operator/audit';
import { STAFF_AUDIT_ACTIONS } from '@cloud-portal/contract/operator/audit-actions';
import { auditQueryOptions, NO_AUDIT_FILTERS, type AuditFilters } from '../api/audit';
import { staffQueryOptions } from '../api/staff';
import { useFormatDateTime } from '../components/format-date-time';
import { useOperatorTitle } from '../components/operator-auth-frame';
import { useOperatorMessages } from '../components/operator-messages';
import { RequirePermission, useOperatorMember } from '../components/operator-shell';

/** /operator/audit (audit.view): the company's audit log, newest first, filtered and paged. */
export function OperatorAuditPage() {
  const { t } = useTranslation('operator');
  useOperatorTitle(t('nav.audit'));
  return (
    <RequirePermission permission="audit.view">
      <AuditLog />
    </RequirePermission>
  );
}

/** The areas of the known actions ('staff'), each also a filter: every action of the area. */
const AUDIT_AREAS = [...new Set(STAFF_AUDIT_ACTIONS.map((action) => action.split('.')[0]!))];

function AuditLog() {
  const { t } = useTranslation('operator');
  const member = useOperatorMember();
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  // The cursors of the pages before this one: Newer goes back through them.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const audit = useQuery(auditQueryOptions(filters, cursor));
  const staff = useQuery({
    ...staffQueryOptions(),
    enabled: member.permissions.includes('staff.manage'),
  });
  const { errorText } = useOperatorMessages();
  const setField = (key: keyof AuditFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const apply = (next: AuditFilters) => {
    setFilters(next);
    setCursors([null]);
  };

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('nav.audit')}
      </Title>
      <form
        aria-label={t('audit.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <NativeSelect
            label={t('audit.action')}
            value={draft.action}
            onChange={(event) => setField('action')(event.currentTarget.value)}
            data={[
              { value: '', label: t('audit.anyAction') },
              ...AUDIT_AREAS.map((area) => ({
                value: area,
                label: t('audit.area', { area }),
              })),
              ...STAFF_AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
            ]}
          />
          <NativeSelect
            label={t('audit.who')}
            value={draft.staffId}
            onChange={(event) => setField('staffId')(event.currentTarget.value)}
            data={[
              { value: '', label: t('audit.anyone') },
              ...(staff.data ?? []).map((person) => ({
                value: String(person.staffId),
                label: person.name || person.email,
              })),
            ]}
          />
          <TextInput
            type="date"
            label={t('audit.from')}
            value={draft.from}
            onChange={(event) => setField('from')(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('audit.to')}
            value={draft.to}
            onChange={(event) => setField('to')(event.currentTarget.value)}
          />
        </SimpleGrid>
        <Group mt="sm" gap="xs">
          <Button type="submit">{t('audit.apply')}</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft(NO_AUDIT_FILTERS);
              apply(NO_AUDIT_FILTERS);
            }}
          >
            {t('audit.clear')}
          </Button>
        </Group>
      </form>

      {audit.isError && (
        <Alert color="red" role="alert">
          {errorText(audit.error)}
        </Alert>
      )}
      {audit.isPending ? (
        <Loader aria-label={t('loading')} />
      ) : audit.data ? (
        <>
          <AuditTable rows={audit.data.rows} />
          <Group justify="space-between" aria-label={t('audit.paging')} role="group">
            <Button
              variant="default"
              disabled={cursors.length < 2 || audit.isFetching}
              onClick={() => setCursors((current) => current.slice(0, -1))}
            >
              {t('audit.newer')}
            </Button>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('audit.pageNumber', { page: cursors.length })}
            </Text>
            <Button
              variant="default"
              disabled={audit.data.nextCursor === null || audit.isFetching}
              onClick={() => {
                const next = audit.data.nextCursor;
                if (next !== null) setCursors((current) => [...current, next]);
              }}
            >
              {t('audit.older')}
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

function AuditTable({ rows }: { rows: TAuditEntry[] }) {
  const { t } = useTranslation('operator');
  const formatDateTime = useFormatDateTime();
  const [expanded, setExpanded] = useState<number | null>(null);
  if (rows.length === 0) {
    return (
      <Text c="dimmed" data-testid="audit-empty">
        {t('audit.empty')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="audit-table">
        <VisuallyHidden component="caption">{t('audit.caption')}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <VisuallyHidden component="span">{t('audit.details')}</VisuallyHidden>
            </Table.Th>
            <Table.Th scope="col">{t('audit.who')}</Table.Th>
            <Table.Th scope="col">{t('audit.action')}</Table.Th>
            <Table.Th scope="col">{t('audit.subject')}</Table.Th>
            <Table.Th scope="col">{t('audit.when')}</Table.Th>
            <Table.Th scope="col">{t('audit.clientAddress')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const open = expanded === row.id;
            const detailsId = `audit-details-${row.id}`;
            return (
              <Fragment key={row.id}>
                <Table.Tr data-testid="audit-row">
                  <Table.Td>
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      aria-expanded={open}
                      aria-controls={open ? detailsId : undefined}
                      aria-label={t('audit.showChanges', { action: row.action })}
                      onClick={() => setExpanded(open ? null : row.id)}
                    >
                      {open ? (
                        <IconChevronDown size={16} aria-hidden />
                      ) : (
                        <IconChevronRight size={16} aria-hidden />
                      )}
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <ActorCell row={row} />
                  </Table.Td>
                  <Table.Td>
                    <Code>{row.action}</Code>
                  </Table.Td>
                  <Table.Td>
                    {row.subjectType} {row.subjectId}
                  </Table.Td>
                  <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                  <Table.Td>{row.clientAddress ?? '—'}</Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr id={detailsId}>
                    <Table.Td colSpan={6}>
                      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                        <ChangeBlock label={t('audit.before')} value={row.before} />
                        <ChangeBlock label={t('audit.after')} value={row.after} />
                      </SimpleGrid>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ActorCell({ row }: { row: TAuditEntry }) {
  const { t } = useTranslation('operator');
  if (row.actorKind !== 'staff') return <>{t(`audit.actor.${row.actorKind}`)}</>;
  return (
    <Stack gap={0}>
      <Text size="sm">{row.actorName ?? `#${row.actorId ?? ''}`}</Text>
      {row.actorEmail && (
        <Text size="xs" c="dimmed">
          {row.actorEmail}
        </Text>
      )}
    </Stack>
  );
}

function ChangeBlock({ label, value }: { label: string; value: unknown }) {
  const { t } = useTranslation('operator');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Code block>{value === null ? t('audit.nothing') : JSON.stringify(value, null, 2)}</Code>
    </Stack>
  );
}
