import { Alert, Button, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorNotice, Page } from '../../ui/page';
import { useAnswerStep, useCatalog, useGiveUp, useGuides, useSession, useStartSession, type Session } from './troubleshooting.queries';

/**
 * The phone's troubleshooting: opened from an asset (`?assetId=`, as its QR code links), the staff
 * member picks the symptom, then answers one step at a time. The session's id is kept in the address
 * (`&session=`), so a reload or a dropped connection resumes where they were.
 */
export function GuideRunnerPage() {
  const { t } = useTranslation('operations');
  const [params, setParams] = useSearchParams();
  const assetId = params.get('assetId');
  const sessionId = params.get('session');
  const catalog = useCatalog();
  const asset = catalog.data?.assets.find((a) => a.id === assetId);
  return (
    <Page title={t('runner.title')}>
      <Stack gap="md" maw={520}>
        <ErrorNotice error={catalog.error} />
        {sessionId ? (
          <SessionSteps id={sessionId} assetName={asset?.name ?? t('runner.thisAsset')} onDone={() => setParams(assetId ? { assetId } : {})} />
        ) : assetId ? (
          <SymptomPicker assetId={assetId} assetName={asset?.name ?? t('runner.thisAsset')} onStarted={(s) => setParams({ assetId: s.assetId, session: s.id })} onOther={() => setParams({})} />
        ) : (
          <Select
            label={t('runner.whichAsset')}
            placeholder={t('runner.pickAsset')}
            searchable
            size="lg"
            data={(catalog.data?.assets ?? []).map((a) => ({ value: a.id, label: t('assetWithTag', { name: a.name, tag: a.tag }) }))}
            onChange={(v) => v && setParams({ assetId: v })}
          />
        )}
      </Stack>
    </Page>
  );
}

function SymptomPicker({ assetId, assetName, onStarted, onOther }: { assetId: string; assetName: string; onStarted: (s: Session) => void; onOther: () => void }) {
  const { t } = useTranslation('operations');
  const guides = useGuides({ assetId, active: 'true' });
  const start = useStartSession();
  return (
    <>
      <Title order={2} size="h3">
        {t('runner.whatIsWrong', { asset: assetName })}
      </Title>
      <ErrorNotice error={guides.error ?? start.error} />
      {guides.isPending ? <Loader aria-label={t('guides.loading')} /> : null}
      {guides.data?.length === 0 ? <Text c="dimmed">{t('runner.noGuide')}</Text> : null}
      {guides.data?.map((g) => (
        <Button key={g.id} size="xl" variant="light" fullWidth justify="flex-start" loading={start.isPending && start.variables?.guideId === g.id} onClick={() => start.mutate({ guideId: g.id, assetId }, { onSuccess: onStarted })}>
          {g.symptom}
        </Button>
      ))}
      <Button variant="subtle" w="fit-content" onClick={onOther}>
        {t('runner.anotherAsset')}
      </Button>
    </>
  );
}

function SessionSteps({ id, assetName, onDone }: { id: string; assetName: string; onDone: () => void }) {
  const { t } = useTranslation('operations');
  const session = useSession(id);
  const answer = useAnswerStep();
  const giveUp = useGiveUp();
  const s = session.data;
  if (!s) return session.error ? <ErrorNotice error={session.error} /> : <Loader aria-label={t('runner.loadingGuide')} />;
  const error = answer.error ?? giveUp.error;
  if (s.status === 'RESOLVED') {
    return (
      <>
        <Title order={2} size="h3">
          {t('runner.fixedTitle')}
        </Title>
        <Text>{t('runner.fixedText', { asset: assetName })}</Text>
        <Button size="lg" onClick={onDone}>
          {t('runner.done')}
        </Button>
      </>
    );
  }
  if (s.status === 'UNRESOLVED') {
    return (
      <>
        <Title order={2} size="h3">
          {t('runner.reportedTitle')}
        </Title>
        <Text>{t('runner.reportedText', { symptom: s.symptom, priority: t(`priority.${s.priority}`).toLowerCase(), asset: assetName })}</Text>
        <Button size="lg" onClick={onDone}>
          {t('runner.done')}
        </Button>
      </>
    );
  }
  const index = s.steps.findIndex((step) => step.id === s.currentStepId);
  const step = s.steps[index]!;
  const busy = answer.isPending || giveUp.isPending;
  return (
    <>
      <Text c="dimmed">
        {t('runner.progress', { symptom: s.symptom, n: index + 1, total: s.steps.length })}
      </Text>
      <Text size="xl" fw={500}>
        {step.instruction}
      </Text>
      {step.caution ? (
        <Alert color="orange" title={t('runner.caution')}>
          {step.caution}
        </Alert>
      ) : null}
      <Text fw={600}>{t('runner.didItFix')}</Text>
      <ErrorNotice error={error} />
      <Button size="xl" color="green" fullWidth disabled={busy} onClick={() => answer.mutate({ id, stepId: step.id, fixed: true })}>
        {t('runner.fixedIt')}
      </Button>
      <Button size="xl" color="red" fullWidth disabled={busy} onClick={() => answer.mutate({ id, stepId: step.id, fixed: false })}>
        {t('runner.stillBroken')}
      </Button>
      {index < s.steps.length - 1 ? (
        <Button variant="subtle" w="fit-content" disabled={busy} onClick={() => giveUp.mutate(id)}>
          {t('runner.stop')}
        </Button>
      ) : null}
    </>
  );
}
