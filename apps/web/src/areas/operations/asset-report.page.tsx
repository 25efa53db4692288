import { Alert, Button, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorNotice } from '../../ui/page';
import { useAsset, useQuickIssue, type QuickProblem } from './operations.queries';

/** The API's presets (assets.schemas QUICK_PROBLEMS), as people say them. */
const PROBLEMS: Array<{ problem: QuickProblem; label: string }> = [
  { problem: 'NOT_WORKING', label: 'Not working' },
  { problem: 'WRONG_TEMPERATURE', label: 'Wrong temperature' },
  { problem: 'LEAKING', label: 'Leaking' },
  { problem: 'NOISY', label: 'Strange noise' },
  { problem: 'DAMAGED', label: 'Damaged' },
  { problem: 'OTHER', label: 'Something else' },
];

/**
 * The page an asset's QR code opens on a phone: tap what is wrong, then send (two taps; "something
 * else" asks for a few words). The issue goes to the outlet's managers without a webhook (spec 03).
 */
export function AssetReportPage() {
  const { id = '' } = useParams();
  const asset = useAsset(id);
  const report = useQuickIssue();
  const [problem, setProblem] = useState<QuickProblem | null>(null);
  const [details, setDetails] = useState('');
  if (!asset.data) return asset.error ? <ErrorNotice error={asset.error} /> : <Loader aria-label="Loading the asset" />;
  const a = asset.data;
  document.title = `Report a problem · ${a.name}`;
  if (report.isSuccess) {
    return (
      <Stack gap="md" maw={480} mx="auto">
        <Alert color="green" title="Reported" role="status">
          Thank you. The managers of {a.outlet.name} have been told about the {a.name.toLowerCase()}.
        </Alert>
        <Button size="lg" variant="light" onClick={() => { report.reset(); setProblem(null); setDetails(''); }}>
          Report something else
        </Button>
        <Button size="lg" variant="subtle" component={Link} to={`/operations/assets/${a.id}`}>
          See this asset
        </Button>
      </Stack>
    );
  }
  const needsWords = problem === 'OTHER' && !details.trim();
  return (
    <Stack gap="md" maw={480} mx="auto">
      <div>
        <Title order={1} size="h3">
          What is wrong with the {a.name.toLowerCase()}?
        </Title>
        <Text size="sm" c="dimmed">
          {a.tag} · {a.outlet.name}
        </Text>
      </div>
      <SimpleGrid cols={2} spacing="sm" role="group" aria-label="Problem">
        {PROBLEMS.map((p) => (
          <Button key={p.problem} size="xl" h={84} variant={problem === p.problem ? 'filled' : 'default'} aria-pressed={problem === p.problem} onClick={() => setProblem(p.problem)} styles={{ label: { whiteSpace: 'normal' } }}>
            {p.label}
          </Button>
        ))}
      </SimpleGrid>
      {problem === 'OTHER' ? <Textarea label="What did you see?" required autosize minRows={2} maxLength={2000} value={details} onChange={(e) => setDetails(e.currentTarget.value)} /> : null}
      <ErrorNotice error={report.error} />
      <Button size="xl" color="red" disabled={!problem || needsWords} loading={report.isPending} onClick={() => report.mutate({ id: a.id, body: { problem: problem!, ...(details.trim() ? { details: details.trim() } : {}) } })}>
        Send
      </Button>
    </Stack>
  );
}
