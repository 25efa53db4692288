import { Badge, List, Stack, Text, Tooltip } from '@mantine/core';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';

interface BlockingViolation {
  ruleId: string;
  mode: 'WARN' | 'BLOCK';
  sentence: string;
  trace: { title: string; source: string };
}

/** The breaches a COMPLIANCE_BLOCKED refusal lists (issue 31), or null for any other error. */
export function blockingViolations(error: unknown): BlockingViolation[] | null {
  if (!(error instanceof ApiError) || error.body?.error !== 'COMPLIANCE_BLOCKED') return null;
  const list = (error.body as unknown as { violations?: unknown }).violations;
  return Array.isArray(list) ? (list as BlockingViolation[]) : null;
}

/** Every breach of a refused assignment, each with its rule, its mode and the arithmetic in one sentence. */
export function ComplianceViolationList({ error }: { error: unknown }) {
  const { t } = useTranslation('ui');
  const violations = blockingViolations(error);
  if (!violations) return null;
  return (
    <List size="sm" spacing={4} aria-label={t('compliance.breaches')}>
      {violations.map((v, i) => (
        <List.Item key={i}>
          <Text size="sm" fw={600} span>
            {t(v.mode === 'BLOCK' ? 'compliance.blocks' : 'compliance.warns')} · {v.trace.title}:
          </Text>{' '}
          <Text size="sm" span>
            {v.sentence}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

/** A recorded breach as the shift and attendance views show it. */
interface RecordedBreach {
  status: string;
  mode: 'WARN' | 'BLOCK';
  sentence: string;
  trace: { title: string };
}

function badgeOf(breaches: readonly RecordedBreach[]) {
  const open = breaches.filter((b) => b.status === 'OPEN');
  const overridden = breaches.length - open.length;
  const count = i18next.t('ui:compliance.ruleBreaches', { count: breaches.length });
  const label = overridden > 0 ? i18next.t('ui:compliance.withOverridden', { count, overridden }) : count;
  const color = open.some((b) => b.mode === 'BLOCK') ? 'red' : open.length ? 'orange' : 'gray';
  return { label, color };
}

/** Beside a shift: the working-time rules it breaks (issue 31), each breach's sentence on hover. */
export function RuleBadge({ breaches }: { breaches: readonly RecordedBreach[] | undefined }) {
  if (!breaches?.length) return null;
  const { label, color } = badgeOf(breaches);
  return (
    <Tooltip multiline w={320} label={breaches.map((b) => `${b.trace.title}: ${b.sentence}`).join(' · ')}>
      <Badge size="xs" variant="light" color={color} aria-label={label}>
        {label}
      </Badge>
    </Tooltip>
  );
}

/** Beside a clock record: the breaches its clocked times make (missed breaks, long days, short rests), each spelled out. */
export function RuleBreaches({ breaches }: { breaches: readonly RecordedBreach[] | undefined }) {
  if (!breaches?.length) return null;
  const { label, color } = badgeOf(breaches);
  return (
    <Stack gap={2}>
      <Badge size="xs" variant="light" color={color}>
        {label}
      </Badge>
      {breaches.map((b, i) => (
        <Text key={i} size="xs" c="dimmed">
          {b.trace.title}: {b.sentence}
        </Text>
      ))}
    </Stack>
  );
}
