import { List, Text } from '@mantine/core';
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
  const violations = blockingViolations(error);
  if (!violations) return null;
  return (
    <List size="sm" spacing={4} aria-label="Working-time rule breaches">
      {violations.map((v, i) => (
        <List.Item key={i}>
          <Text size="sm" fw={600} span>
            {v.mode === 'BLOCK' ? 'Blocks' : 'Warns'} · {v.trace.title}:
          </Text>{' '}
          <Text size="sm" span>
            {v.sentence}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
