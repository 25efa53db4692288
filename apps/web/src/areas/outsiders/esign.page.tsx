import { Alert, Anchor, Button, Center, Checkbox, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api, API_BASE } from '../../api/client';
import { ApiError, ok } from '../../api/errors';
import { formatDateTime } from '../../ui/format';
import { useErrorText } from '../../api/error-text';

/**
 * The mailed e-signature link (/esign/{token}): the signer reads the PDF, types their name, agrees,
 * optionally draws a signature, and signs once; the signed copy is then downloadable until the
 * link expires. No sign-in: the token in the link is the credential.
 */
export function EsignPage() {
  const { t } = useTranslation('outsiders');
  const errorText = useErrorText();
  const { token = '' } = useParams();
  const queries = useQueryClient();
  const signing = useQuery({ queryKey: ['esign', token], retry: false, queryFn: () => ok(api.GET('/esign/public/{token}', { params: { path: { token } } })) });
  const [fullName, setFullName] = useState('');
  const [agree, setAgree] = useState(false);
  const pad = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const sign = useMutation({
    mutationFn: () =>
      ok(api.POST('/esign/public/{token}/sign', { params: { path: { token } }, body: { fullName: fullName.trim(), agree: true, ...(drawn && pad.current ? { signatureImage: pad.current.toDataURL('image/png') } : {}) } })),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['esign', token] }),
  });
  document.title = t('esign.documentTitle');
  const s = signing.data;
  const download = `${API_BASE}/esign/public/${encodeURIComponent(token)}/download`;
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={560} component="main">
        {signing.isPending ? (
          <Loader aria-label={t('esign.loading')} />
        ) : !s ? (
          <Alert color="gray" role="alert" title={t('esign.goneTitle')}>
            {signing.error instanceof ApiError && signing.error.status === 404 ? t('esign.goneBody') : errorText(signing.error)}
          </Alert>
        ) : (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {s.requestedBy ? t('esign.sentBy', { organisation: s.organisation, name: s.requestedBy }) : s.organisation}
            </Text>
            <Title order={1} size="h3">
              {s.document.title}
            </Title>
            {s.message ? <Text style={{ whiteSpace: 'pre-wrap' }}>{s.message}</Text> : null}
            <Anchor href={download} download={s.document.fileName}>
              {s.status === 'SIGNED' ? t('esign.downloadSigned') : t('esign.read', { fileName: s.document.fileName, count: s.document.pageCount })}
            </Anchor>
            {s.status === 'SIGNED' ? (
              <Alert color="green" role="status" title={t('esign.signedTitle')}>
                {t('esign.signedBody', { name: s.signer.name, at: formatDateTime(s.signedAt) })}
              </Alert>
            ) : (
              <>
                <TextInput label={t('esign.fullName')} required maxLength={120} value={fullName} onChange={(e) => setFullName(e.currentTarget.value)} description={t('esign.signingAs', { email: s.signer.email })} />
                <SignaturePad canvas={pad} onDrawn={setDrawn} drawn={drawn} />
                <Checkbox label={t('esign.agree')} checked={agree} onChange={(e) => setAgree(e.currentTarget.checked)} />
                {sign.error ? (
                  <Alert color="red" role="alert">
                    {errorText(sign.error)}
                  </Alert>
                ) : null}
                <Button onClick={() => sign.mutate()} loading={sign.isPending} disabled={fullName.trim().length < 2 || !agree}>
                  {t('esign.sign')}
                </Button>
                <Text size="xs" c="dimmed">
                  {t('esign.worksUntil', { at: formatDateTime(s.expiresAt) })}
                </Text>
              </>
            )}
          </Stack>
        )}
      </Paper>
    </Center>
  );
}

/** An optional drawn signature (finger, pen or mouse); without one the typed name is set in italics. */
function SignaturePad({ canvas, drawn, onDrawn }: { canvas: React.RefObject<HTMLCanvasElement | null>; drawn: boolean; onDrawn: (v: boolean) => void }) {
  const { t } = useTranslation('outsiders');
  const last = useRef<{ x: number; y: number } | null>(null);
  const at = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * e.currentTarget.width, y: ((e.clientY - r.top) / r.height) * e.currentTarget.height };
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const ctx = e.currentTarget.getContext('2d')!;
    const p = at(e);
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#1b1f3b';
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    last.current = p;
    if (!drawn) onDrawn(true);
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    onDrawn(false);
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('esign.draw')}
      </Text>
      <canvas
        ref={canvas}
        width={600}
        height={180}
        aria-label={t('esign.pad')}
        style={{ width: '100%', height: 120, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6, touchAction: 'none', background: 'white' }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          last.current = at(e);
        }}
        onPointerMove={move}
        onPointerUp={() => (last.current = null)}
      />
      <Group>
        <Button size="compact-xs" variant="subtle" onClick={clear} disabled={!drawn}>
          {t('esign.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
