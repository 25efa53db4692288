import { Badge, Button, FileInput, Group, SegmentedControl, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { downloadFile } from '../../api/download';
import { formatDateTime, humanize } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { DataTable } from '../../ui/data-table';
import { useAskToSign, useDocuments, useGenerate, useRequests, useRevokeRequest, useUpload, type EsignDocument, type SignatureRequest } from './esign.queries';

const COLOUR: Record<SignatureRequest['status'], string> = { SENT: 'yellow', VIEWED: 'blue', SIGNED: 'green', REVOKED: 'gray', EXPIRED: 'gray' };

/** Documents to sign (uploaded PDFs or written here) and the signature requests sent for them. */
export function EsignPage() {
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
    <Page title="E-signature" actions={<Button onClick={() => setAdding(true)}>New document</Button>}>
      <ErrorNotice error={documents.error ?? requests.error ?? revoke.error ?? downloadError} />
      <Text fw={700}>Documents</Text>
      <DataTable query={documents} error={null} loadingLabel="Loading documents" empty="No documents yet. Upload a PDF or write one here, then ask someone to sign it." minWidth={560} columns={[
        { header: 'Title', cell: (d) => d.title },
        { header: 'Pages', cell: (d) => d.pageCount },
        { header: 'Added', cell: (d) => formatDateTime(d.createdAt) },
        {
          cell: (d) => (
            <Group gap="xs" wrap="nowrap">
              <Button size="compact-sm" onClick={() => setAsking(d)}>
                Ask to sign
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => save(`/esign/documents/${d.id}/download`, d.fileName)}>
                PDF
              </Button>
            </Group>
          ),
        },
      ]} />
      <Text fw={700}>Signature requests</Text>
      <DataTable query={requests} error={null} loadingLabel="Loading signature requests" empty="No requests yet." minWidth={720} columns={[
        { header: 'Document', cell: (r) => r.documentTitle },
        {
          header: 'Signer',
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
          header: 'Status',
          cell: (r) => (
            <>
              <Badge variant="light" color={COLOUR[r.status]}>
                {humanize(r.status)}
              </Badge>
              {r.signedAt ? <Text size="xs">{formatDateTime(r.signedAt)}</Text> : null}
            </>
          ),
        },
        { header: 'Until', cell: (r) => formatDateTime(r.expiresAt) },
        {
          cell: (r) => (
            <Group gap="xs" wrap="nowrap">
              {r.status === 'SIGNED' ? (
                <Button size="compact-sm" variant="default" onClick={() => save(`/esign/requests/${r.id}/download`, `signed-${r.documentTitle}.pdf`)}>
                  Signed PDF
                </Button>
              ) : null}
              {r.status === 'SENT' || r.status === 'VIEWED' ? (
                <Button size="compact-sm" variant="subtle" color="red" loading={revoke.isPending && revoke.variables === r.id} onClick={() => revoke.mutate(r.id, { onSuccess: () => notifications.show({ message: 'Revoked: the link no longer works.' }) })}>
                  Revoke
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
  const done = { onSuccess: () => { notifications.show({ color: 'green', message: 'Document added.' }); close(); } };
  return (
    <FormModal opened={opened} onClose={close} title="New document" size="lg" error={upload.error ?? generate.error}
      submit={
        <Button
          loading={upload.isPending || generate.isPending}
          disabled={how === 'upload' ? !file : !title.trim() || !body.trim()}
          onClick={() => (how === 'upload' ? upload.mutate({ file: file!, title: title.trim() }, done) : generate.mutate({ title: title.trim(), body }, done))}
        >
          Add the document
        </Button>
      }
    >
      <SegmentedControl value={how} onChange={(v) => setHow(v as 'upload' | 'write')} data={[{ value: 'upload', label: 'Upload a PDF' }, { value: 'write', label: 'Write it here' }]} aria-label="How" />
      <TextInput label="Title" required={how === 'write'} maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
      {how === 'upload' ? (
        <FileInput label="PDF (up to 10 MiB)" accept="application/pdf" required value={file} onChange={setFile} />
      ) : (
        <Textarea label="Text" description="Line breaks are kept; long lines wrap and pages break as needed" required autosize minRows={8} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
      )}
    </FormModal>
  );
}

function AskModal({ document, onClose }: { document: EsignDocument | null; onClose: () => void }) {
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
    <FormModal opened={document !== null} onClose={close} title={`Ask to sign ${document?.title ?? ''}`} error={ask.error}
      submit={
        <Button
          loading={ask.isPending}
          disabled={!name.trim() || !email.trim()}
          onClick={() =>
            ask.mutate(
              { documentId: document!.id, body: { name: name.trim(), email: email.trim(), ...(message.trim() ? { message: message.trim() } : {}) } },
              { onSuccess: () => { notifications.show({ color: 'green', message: `Sent to ${email.trim()}.` }); close(); } },
            )
          }
        >
          Send
        </Button>
      }
    >
      <Text size="sm">The signer is mailed a link to read and sign it; it signs once, within 14 days.</Text>
      <TextInput label="Signer's name" required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <TextInput label="Signer's email" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
      <Textarea label="Message (optional, in the mail)" maxLength={1000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
    </FormModal>
  );
}
