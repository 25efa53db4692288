import { Badge, Button, FileInput, Group, SegmentedControl, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { downloadFile } from '../../api/download';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { DataTable } from '../../ui/data-table';
import { useAskToSign, useDocuments, useGenerate, useRequests, useRevokeRequest, useUpload, type EsignDocument, type SignatureRequest } from './esign.queries';

const COLOUR: Record<SignatureRequest['status'], string> = { SENT: 'yellow', VIEWED: 'blue', SIGNED: 'green', REVOKED: 'gray', EXPIRED: 'gray' };

/** Documents to sign (uploaded PDFs or written here) and the signature requests sent for them. */
export function EsignPage() {
  const { t } = useTranslation('recruiting');
  const documents = useDocuments();
  const requests = useRequests();
  const revoke = useRevokeRequest();
  const [adding, setAdding] = useState(false);
  const [asking, setAsking] = useState<EsignDocument | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const save = (path: string, name: string) => {
    setDownloadError(null);
    downloadFile(path, name).catch(setDownloadError);
  };
  return (
    <Page title={t('esign.title')} actions={<Button onClick={() => setAdding(true)}>{t('esign.newDocument')}</Button>}>
      <ErrorNotice error={documents.error ?? requests.error ?? revoke.error ?? downloadError} />
      <Text fw={700}>{t('esign.documents')}</Text>
      <DataTable query={documents} error={null} loadingLabel={t('esign.loadingDocuments')} empty={t('esign.noDocuments')} minWidth={560} columns={[
        { header: t('esign.docTitle'), cell: (d) => d.title },
        { header: t('esign.pages'), cell: (d) => d.pageCount },
        { header: t('esign.added'), cell: (d) => formatDateTime(d.createdAt) },
        {
          cell: (d) => (
            <Group gap="xs" wrap="nowrap">
              <Button size="compact-sm" onClick={() => setAsking(d)}>
                {t('esign.askToSign')}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => save(`/esign/documents/${d.id}/download`, d.fileName)}>
                {t('esign.pdf')}
              </Button>
            </Group>
          ),
        },
      ]} />
      <Text fw={700}>{t('esign.requests')}</Text>
      <DataTable query={requests} error={null} loadingLabel={t('esign.loadingRequests')} empty={t('esign.noRequests')} minWidth={720} columns={[
        { header: t('esign.document'), cell: (r) => r.documentTitle },
        {
          header: t('esign.signer'),
          cell: (r) => (
            <>
              {r.signerName}
              <Text size="xs" c="dimmed">
                {r.signerEmail}
              </Text>
            </>
          ),
        },
        {
          header: t('esign.status'),
          cell: (r) => (
            <>
              <Badge variant="light" color={COLOUR[r.status]}>
                {t(`esign.statuses.${r.status}`)}
              </Badge>
              {r.signedAt ? <Text size="xs">{formatDateTime(r.signedAt)}</Text> : null}
            </>
          ),
        },
        { header: t('esign.until'), cell: (r) => formatDateTime(r.expiresAt) },
        {
          cell: (r) => (
            <Group gap="xs" wrap="nowrap">
              {r.status === 'SIGNED' ? (
                <Button size="compact-sm" variant="default" onClick={() => save(`/esign/requests/${r.id}/download`, `signed-${r.documentTitle}.pdf`)}>
                  {t('esign.signedPdf')}
                </Button>
              ) : null}
              {r.status === 'SENT' || r.status === 'VIEWED' ? (
                <Button size="compact-sm" variant="subtle" color="red" loading={revoke.isPending && revoke.variables === r.id} onClick={() => revoke.mutate(r.id, { onSuccess: () => notifications.show({ message: t('esign.revoked') }) })}>
                  {t('esign.revoke')}
                </Button>
              ) : null}
            </Group>
          ),
        },
      ]} />
      <NewDocumentModal opened={adding} onClose={() => setAdding(false)} />
      <AskModal document={asking} onClose={() => setAsking(null)} />
    </Page>
  );
}

function NewDocumentModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('recruiting');
  const upload = useUpload();
  const generate = useGenerate();
  const [how, setHow] = useState<'upload' | 'write'>('upload');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const close = () => {
    upload.reset();
    generate.reset();
    setTitle('');
    setBody('');
    setFile(null);
    onClose();
  };
  const done = { onSuccess: () => { notifications.show({ color: 'green', message: t('esign.documentAdded') }); close(); } };
  return (
    <FormModal opened={opened} onClose={close} title={t('esign.newDocument')} size="lg" error={upload.error ?? generate.error}
      submit={
        <Button
          loading={upload.isPending || generate.isPending}
          disabled={how === 'upload' ? !file : !title.trim() || !body.trim()}
          onClick={() => (how === 'upload' ? upload.mutate({ file: file!, title: title.trim() }, done) : generate.mutate({ title: title.trim(), body }, done))}
        >
          {t('esign.addDocument')}
        </Button>
      }
    >
      <SegmentedControl value={how} onChange={(v) => setHow(v as 'upload' | 'write')} data={[{ value: 'upload', label: t('esign.upload') }, { value: 'write', label: t('esign.write') }]} aria-label={t('esign.how')} />
      <TextInput label={t('esign.docTitle')} required={how === 'write'} maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      {how === 'upload' ? (
        <FileInput label={t('esign.file')} accept="application/pdf" required value={file} onChange={setFile} />
      ) : (
        <Textarea label={t('esign.text')} description={t('esign.textHelp')} required autosize minRows={8} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
      )}
    </FormModal>
  );
}

function AskModal({ document, onClose }: { document: EsignDocument | null; onClose: () => void }) {
  const { t } = useTranslation('recruiting');
  const ask = useAskToSign();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const close = () => {
    ask.reset();
    setName('');
    setEmail('');
    setMessage('');
    onClose();
  };
  return (
    <FormModal opened={document !== null} onClose={close} title={t('esign.askTitle', { title: document?.title ?? '' })} error={ask.error}
      submit={
        <Button
          loading={ask.isPending}
          disabled={!name.trim() || !email.trim()}
          onClick={() =>
            ask.mutate(
              { documentId: document!.id, body: { name: name.trim(), email: email.trim(), ...(message.trim() ? { message: message.trim() } : {}) } },
              { onSuccess: () => { notifications.show({ color: 'green', message: t('esign.sent', { email: email.trim() }) }); close(); } },
            )
          }
        >
          {t('esign.send')}
        </Button>
      }
    >
      <Text size="sm">{t('esign.askNote')}</Text>
      <TextInput label={t('esign.signerName')} required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <TextInput label={t('esign.signerEmail')} type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <Textarea label={t('esign.message')} maxLength={1000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
    </FormModal>
  );
}
