import { Alert, Button, Code, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '../../ui/copy-button';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { FormActions } from '../../ui/form-actions';
import { useZones } from '../access/access.queries';
import { useCreatePass, useRevokePass, useVisitorPasses, type VisitorPass } from './visitors.queries';
import { localInputInstant, localInputValue } from '../../ui/zone';

/** A datetime-local value `hours` from now, in the company's zone. */
function inHours(hours: number): string {
  return localInputValue(Date.now() + hours * 3_600_000);
}

/** Visitor passes: a magic link that gives a visitor a door credential for some zones until a time. */
export function VisitorsPage() {
  const { t } = useTranslation('visitors');
  const passes = useVisitorPasses();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<VisitorPass | null>(null);
  const revoke = useRevokePass();
  return (
    <Page title={t('passes.title')} actions={<Button onClick={() => setCreating(true)}>{t('passes.new')}</Button>}>
      <Text size="sm" c="dimmed">
        {t('passes.intro')}
      </Text>
      <DataTable query={passes} loadingLabel={t('passes.loading')} empty={t('passes.empty')} minWidth={720} columns={[
        {
          header: t('passes.visitor'),
          cell: (p) => (
            <>
              {p.name}
              <Text size="xs" c="dimmed">
                {[p.email, p.phone].filter(Boolean).join(' · ')}
              </Text>
            </>
          ),
        },
        { header: t('passes.zones'), cell: (p) => p.grants.map((g) => g.zoneName).join(', ') },
        { header: t('passes.until'), cell: (p) => formatDateTime(p.expiresAt) },
        { header: t('passes.used'), cell: (p) => (p.lastRedeemedAt ? formatDateTime(p.lastRedeemedAt) : t('passes.notYet')) },
        { header: t('passes.message'), cell: (p) => (p.whatsappDelivery ? t('passes.whatsapp', { status: t(`passes.whatsappStatus.${p.whatsappDelivery.status}`) }) : p.email ? t('passes.mail') : '—') },
        {
          cell: (p) => (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRevoking(p)}>
              {t('passes.revoke')}
            </Button>
          ),
        },
      ]} />
      <CreatePassModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('passes.revokeTitle', { name: revoking?.name ?? '' })}
        confirmLabel={t('passes.revoke')}
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoke.mutate(revoking!.id, { onSuccess: () => setRevoking(null) })}
      >
        {t('passes.revokeBody')}
      </ConfirmModal>
    </Page>
  );
}

function CreatePassModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('visitors');
  const zones = useZones();
  const create = useCreatePass();
  const [name, setName] = useState('');
  const [zoneIds, setZoneIds] = useState<string[]>([]);
  const [until, setUntil] = useState(() => inHours(8));
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const close = () => {
    create.reset();
    setName('');
    setZoneIds([]);
    setUntil(inHours(8));
    setEmail('');
    setPhone('');
    onClose();
  };
  const submit = () =>
    create.mutate({ name: name.trim(), zoneIds, expiresAt: localInputInstant(until).toISOString(), ...(email.trim() ? { email: email.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) });
  const made = create.data;
  return (
    <Modal opened={opened} onClose={close} title={t('passes.new')}>
      {made ? (
        <Stack gap="sm">
          <Alert color="yellow" title={t('create.linkTitle')}>
            <Stack gap="xs">
              <Code data-testid="magic-link" style={{ wordBreak: 'break-all' }}>
                {made.magicLink}
              </Code>
              <CopyValueButton value={made.magicLink} label={t('create.copyLink')} w="fit-content" />
              <Text size="sm">{t('create.linkOnce')}</Text>
            </Stack>
          </Alert>
          <Text size="sm">
            {email.trim() ? (made.emailSent ? t('create.mailed') : t('create.notMailed')) : ''}
            {phone.trim() ? (made.whatsappSent ? t('create.whatsappSent') : t('create.whatsappNotSent')) : ''}
          </Text>
          <Button onClick={close}>{t('create.done')}</Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <TextInput label={t('create.name')} required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <MultiSelect label={t('passes.zones')} required searchable data={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))} value={zoneIds} onChange={setZoneIds} />
          <TextInput label={t('passes.until')} type="datetime-local" required value={until} onChange={(e) => setUntil(e.currentTarget.value)} description={t('create.untilHelp')} />
          <TextInput label={t('create.email')} type="email" description={t('create.emailHelp')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <TextInput label={t('create.mobile')} type="tel" description={t('create.mobileHelp')} value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
          <FormActions error={create.error} onCancel={close}>
            <Button disabled={!name.trim() || zoneIds.length === 0 || !until} loading={create.isPending} onClick={submit}>
              {t('create.submit')}
            </Button>
          </FormActions>
        </Stack>
      )}
    </Modal>
  );
}
