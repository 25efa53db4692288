import { Alert, Button, Loader, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorNotice } from '../../ui/page';
import { useAsset, useQuickIssue, type QuickProblem } from './operations.queries';

/** The API's presets (assets.schemas QUICK_PROBLEMS), in the order offered; their labels are `quickProblem.*`. */
const PROBLEMS: QuickProblem[] = ['NOT_WORKING', 'WRONG_TEMPERATURE', 'LEAKING', 'NOISY', 'DAMAGED', 'OTHER'];

/**
 * The page an asset's QR code opens on a phone: tap what is wrong, then send (two taps; "something
 * else" asks for a few words). The issue goes to the outlet's managers without a webhook (spec 03).
 */
export function AssetReportPage() {
  const { t } = useTranslation('operations');
  const { id = '' } = useParams();
  const asset = useAsset(id);
  const report = useQuickIssue();
  const [problem, setProblem] = useState<QuickProblem | null>(null);
  const [details, setDetails] = useState('');
  if (!asset.data) return asset.error ? <ErrorNotice error={asset.error} /> : <Loader aria-label={t('asset.loading')} />;
  const a = asset.data;
  document.title = t('report.documentTitle', { name: a.name });
  if (report.isSuccess) {
    return (
      <Stack gap="md" maw={480} mx="auto">
        <Alert color="green" title={t('report.reported')} role="status">
          {t('report.thanks', { outlet: a.outlet.name, asset: a.name.toLowerCase() })}
        </Alert>
        <Button size="lg" variant="light" onClick={() => { report.reset(); setProblem(null); setDetails(''); }}>
          {t('report.again')}
        </Button>
        <Button size="lg" variant="subtle" component={Link} to={`/operations/assets/${a.id}`}>
          {t('report.seeAsset')}
        </Button>
      </Stack>
    );
  }
  const needsWords = problem === 'OTHER' && !details.trim();
  return (
    <Stack gap="md" maw={480} mx="auto">
      <div>
        <Title order={1} size="h3">
          {t('report.question', { asset: a.name.toLowerCase() })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('report.tagOutlet', { tag: a.tag, outlet: a.outlet.name })}
        </Text>
      </div>
      <SimpleGrid cols={2} spacing="sm" role="group" aria-label={t('report.problem')}>
        {PROBLEMS.map((p) => (
          <Button key={p} size="xl" h={84} variant={problem === p ? 'filled' : 'default'} aria-pressed={problem === p} onClick={() => setProblem(p)} styles={{ label: { whiteSpace: 'normal' } }}>
            {t(`quickProblem.${p}`)}
          </Button>
        ))}
      </SimpleGrid>
      {problem === 'OTHER' ? <Textarea label={t('report.whatDidYouSee')} required autosize minRows={2} maxLength={2000} value={details} onChange={(e) => setDetails(e.currentTarget.value)} /> : null}
      <ErrorNotice error={report.error} />
      <Button size="xl" color="red" disabled={!problem || needsWords} loading={report.isPending} onClick={() => report.mutate({ id: a.id, body: { problem: problem!, ...(details.trim() ? { details: details.trim() } : {}) } })}>
        {t('report.send')}
      </Button>
    </Stack>
  );
}
