import { Alert, Button, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { humanize } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { useAnswerStep, useCatalog, useGiveUp, useGuides, useSession, useStartSession, type Session } from './troubleshooting.queries';

/**
 * The phone's troubleshooting: opened from an asset (`?assetId=`, as its QR code links), the staff
 * member picks the symptom, then answers one step at a time. The session's id is kept in the address
 * (`&session=`), so a reload or a dropped connection resumes where they were.
 */
export function GuideRunnerPage() {
  const [params, setParams] = useSearchParams();
  const assetId = params.get('assetId');
  const sessionId = params.get('session');
  const catalog = useCatalog();
  const asset = catalog.data?.assets.find((a) => a.id === assetId);
  return (
    <Page title="Troubleshoot">
      <Stack gap="md" maw={520}>
        <ErrorNotice error={catalog.error} />
        {sessionId ? (
          <SessionSteps id={sessionId} assetName={asset?.name ?? 'this asset'} onDone={() => setParams(assetId ? { assetId } : {})} />
        ) : assetId ? (
          <SymptomPicker assetId={assetId} assetName={asset?.name ?? 'this asset'} onStarted={(s) => setParams({ assetId: s.assetId, session: s.id })} onOther={() => setParams({})} />
        ) : (
          <Select
            label="Which asset?"
            placeholder="Pick the asset that has a problem"
            searchable
            size="lg"
            data={(catalog.data?.assets ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.tag})` }))}
            onChange={(v) => v && setParams({ assetId: v })}
          />
        )}
      </Stack>
    </Page>
  );
}

function SymptomPicker({ assetId, assetName, onStarted, onOther }: { assetId: string; assetName: string; onStarted: (s: Session) => void; onOther: () => void }) {
  const guides = useGuides({ assetId, active: 'true' });
  const start = useStartSession();
  return (
    <>
      <Title order={2} size="h3">
        What is wrong with {assetName}?
      </Title>
      <ErrorNotice error={guides.error ?? start.error} />
      {guides.isPending ? <Loader aria-label="Loading guides" /> : null}
      {guides.data?.length === 0 ? <Text c="dimmed">No guide for this asset yet. Report the problem on the Issues page.</Text> : null}
      {guides.data?.map((g) => (
        <Button key={g.id} size="xl" variant="light" fullWidth justify="flex-start" loading={start.isPending && start.variables?.guideId === g.id} onClick={() => start.mutate({ guideId: g.id, assetId }, { onSuccess: onStarted })}>
          {g.symptom}
        </Button>
      ))}
      <Button variant="subtle" w="fit-content" onClick={onOther}>
        Another asset
      </Button>
    </>
  );
}

function SessionSteps({ id, assetName, onDone }: { id: string; assetName: string; onDone: () => void }) {
  const session = useSession(id);
  const answer = useAnswerStep();
  const giveUp = useGiveUp();
  const s = session.data;
  if (!s) return session.error ? <ErrorNotice error={session.error} /> : <Loader aria-label="Loading the guide" />;
  const error = answer.error ?? giveUp.error;
  if (s.status === 'RESOLVED') {
    return (
      <>
        <Title order={2} size="h3">
          Fixed. Thank you!
        </Title>
        <Text>Nothing was reported: {assetName} works again.</Text>
        <Button size="lg" onClick={onDone}>
          Done
        </Button>
      </>
    );
  }
  if (s.status === 'UNRESOLVED') {
    return (
      <>
        <Title order={2} size="h3">
          We've reported it
        </Title>
        <Text>
          The guide did not fix “{s.symptom}”. A {humanize(s.priority).toLowerCase()} priority issue about {assetName} is with the managers, with the steps you tried.
        </Text>
        <Button size="lg" onClick={onDone}>
          Done
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
        {s.symptom} · Step {index + 1} of {s.steps.length}
      </Text>
      <Text size="xl" fw={500}>
        {step.instruction}
      </Text>
      {step.caution ? (
        <Alert color="orange" title="Caution">
          {step.caution}
        </Alert>
      ) : null}
      <Text fw={600}>Did this fix it?</Text>
      <ErrorNotice error={error} />
      <Button size="xl" color="green" fullWidth disabled={busy} onClick={() => answer.mutate({ id, stepId: step.id, fixed: true })}>
        Fixed it
      </Button>
      <Button size="xl" color="red" fullWidth disabled={busy} onClick={() => answer.mutate({ id, stepId: step.id, fixed: false })}>
        Still broken
      </Button>
      {index < s.steps.length - 1 ? (
        <Button variant="subtle" w="fit-content" disabled={busy} onClick={() => giveUp.mutate(id)}>
          Stop here and report it
        </Button>
      ) : null}
    </>
  );
}
