import { DndContext, PointerSensor, pointerWithin, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletZones, useOutlets } from '../../api/shared.queries';
import { ErrorNotice, Page } from '../../ui/page';
import { localDay, shiftInstants } from '../../ui/shift-time';
import { formatMoney, formatNumber } from '../../ui/format';
import { zoned, zoneTime } from '../../ui/zone';
import { addDays, isoDay, localTime, weekStart } from '../schedule/week';
import { PublishWeekModal } from './publish-week.modal';
import { ShiftTemplatesModal } from './shift-templates.modal';
import { useOutletWeek, useShiftTemplates, useWeekPreview, useWeekReader, type OutletWeek, type PlannedShift, type ShiftTemplate, type WeekPerson, type WeekTotals } from './week-grid.queries';

/** A shift of the plan: stored ones keep their id; `key` names it in the grid either way. */
export interface PlanShift {
  key: string;
  id?: string;
  userId: string;
  scheduledStart: string;
  scheduledEnd: string;
  /** Shifts under way or over are shown, never moved. */
  locked: boolean;
}

let nextKey = 0;
const newKey = () => `new-${nextKey++}`;
const EDITABLE = new Set(['SCHEDULED', 'PROPOSED']);

function fromWeek(week: OutletWeek): PlanShift[] {
  return week.shifts.map((s) => ({ key: s.id, id: s.id, userId: s.userId, scheduledStart: s.scheduledStart, scheduledEnd: s.scheduledEnd, locked: !EDITABLE.has(s.status) }));
}

const overlaps = (a: { userId: string; scheduledStart: string; scheduledEnd: string }, b: PlanShift) =>
  a.userId === b.userId && Date.parse(a.scheduledStart) < Date.parse(b.scheduledEnd) && Date.parse(b.scheduledStart) < Date.parse(a.scheduledEnd);

function hours(minutes: number): string {
  return `${formatNumber(minutes / 60, { maximumFractionDigits: 2 })} h`;
}

function money(amounts: ReadonlyArray<{ currency: string; amountMinor: number }>): string {
  return amounts.map((m) => formatMoney(m.amountMinor, m.currency)).join(' + ');
}

function Draggable({ id, label, disabled, pressed, onClick, children }: { id: string; label: string; disabled?: boolean; pressed?: boolean; onClick?: () => void; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id, disabled: disabled ?? false });
  const style = { transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, zIndex: isDragging ? 10 : undefined, position: 'relative' as const, touchAction: 'none' };
  return (
    <div ref={setNodeRef} style={style} {...listeners} {...attributes} aria-label={label} aria-pressed={pressed} onClick={onClick} data-dragging={isDragging || undefined}>
      {children}
    </div>
  );
}

function Cell({ id, label, onClick, children }: { id: string; label: string; onClick: () => void; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id });
  return (
    <Table.Td ref={setNodeRef} aria-label={label} onClick={onClick} data-over={isOver || undefined} style={{ verticalAlign: 'top', minWidth: 120, height: 56, cursor: 'copy', background: isOver ? 'var(--mantine-color-blue-light)' : undefined }}>
      <Stack gap={4}>{children}</Stack>
    </Table.Td>
  );
}

/**
 * The week an outlet is built in: its staff as rows (with their availability), its days as columns in
 * the outlet's zone, shifts as blocks. Dropping a template on a cell (or clicking a cell with a
 * template chosen) adds a shift; dragging a shift moves it to another person or day, with Alt or
 * Ctrl held (or copy mode on) it copies. Nothing is written until the week is published, after a
 * summary of what changes for whom.
 */
export function WeekGridPage() {
  const { t } = useTranslation('rota');
  const outlets = useOutlets();
  const [picked, setPicked] = useState<string | null>(null);
  const outletId = picked ?? outlets.data?.[0]?.id ?? null;
  const zoneOf = useOutletZones();
  const zone = outletId ? zoneOf(outletId) : null;
  const [week, setWeek] = useState<string | null>(null);
  const weekOf = zone ? (week ?? isoDay(weekStart(new Date(), zone), zone)) : null;
  const stored = useOutletWeek(outletId, weekOf ?? '');
  const data = stored.data && stored.data.outletId === outletId && stored.data.weekStart === weekOf ? stored.data : undefined;
  const templates = useShiftTemplates(outletId);
  const [plan, setPlan] = useState<PlanShift[]>([]);
  const [template, setTemplate] = useState<string | null>(null);
  const [copyMode, setCopyMode] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [managing, setManaging] = useState(false);
  const readWeek = useWeekReader();
  useEffect(() => setPlan(data ? fromWeek(data) : []), [data]);
  const planned: PlannedShift[] = useMemo(() => plan.map((s) => ({ ...(s.id ? { id: s.id } : {}), userId: s.userId, scheduledStart: s.scheduledStart, scheduledEnd: s.scheduledEnd })), [plan]);
  const preview = useWeekPreview(outletId, weekOf ?? '', planned, data !== undefined);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const tz = data?.timezone ?? zone ?? 'UTC';
  const totals: WeekTotals | undefined = preview.data?.totals ?? data?.totals;
  const changes = preview.data?.changes ?? [];
  const pending = changes.reduce((n, c) => n + c.added.length + c.moved.length + c.removed.length, 0);
  const templateOf = (id: string) => templates.data?.find((x) => x.id === id);
  const dayLabel = (day: string) => zoned({ weekday: 'short', day: 'numeric', month: 'short' }, 'UTC').format(new Date(`${day}T12:00:00Z`));
  const personName = (userId: string) => data?.people.find((p) => p.userId === userId)?.fullName ?? '';

  const place = (shift: Omit<PlanShift, 'key' | 'locked'>, replacing?: string): boolean => {
    if (plan.some((s) => s.key !== replacing && overlaps(shift, s))) {
      notifications.show({ color: 'red', message: t('week.overlap', { name: personName(shift.userId) }) });
      return false;
    }
    setPlan((p) => (replacing ? p.map((s) => (s.key === replacing ? { ...s, ...shift } : s)) : [...p, { ...shift, key: newKey(), locked: false }]));
    return true;
  };
  const addFromTemplate = (tpl: ShiftTemplate, userId: string, day: string) => {
    const at = shiftInstants(day, tpl.startTime, tpl.endTime, tz);
    if (at) place({ userId, ...at });
  };
  const onDragEnd = (e: DragEndEvent) => {
    const target = e.over ? /^cell:([^:]+):(.+)$/.exec(String(e.over.id)) : null;
    if (!target) return;
    const [, userId, day] = target as unknown as [string, string, string];
    const dragged = String(e.active.id);
    if (dragged.startsWith('template:')) {
      const tpl = templateOf(dragged.slice('template:'.length));
      if (tpl) addFromTemplate(tpl, userId, day);
      return;
    }
    const shift = plan.find((s) => `shift:${s.key}` === dragged);
    if (!shift) return;
    const at = shiftInstants(day, localTime(shift.scheduledStart, tz), localTime(shift.scheduledEnd, tz), tz);
    if (!at) return;
    const held = e.activatorEvent as PointerEvent | undefined;
    const copying = copyMode || held?.altKey === true || held?.ctrlKey === true || held?.metaKey === true;
    if (copying) place({ userId, ...at });
    else if (userId !== shift.userId || at.scheduledStart !== shift.scheduledStart) place({ ...(shift.id ? { id: shift.id } : {}), userId, ...at }, shift.key);
  };
  const copyLastWeek = async () => {
    if (!outletId || !weekOf || !data) return;
    const last = await readWeek(outletId, isoDay(addDays(new Date(`${weekOf}T12:00:00Z`), -7, 'UTC'), 'UTC'));
    const copies: PlanShift[] = [];
    let skipped = 0;
    for (const s of last.shifts) {
      const day = isoDay(addDays(new Date(`${localDay(s.scheduledStart, tz)}T12:00:00Z`), 7, 'UTC'), 'UTC');
      const at = shiftInstants(day, localTime(s.scheduledStart, tz), localTime(s.scheduledEnd, tz), tz);
      const copy = at && { userId: s.userId, ...at };
      if (!copy || [...plan, ...copies].some((x) => overlaps(copy, x))) skipped++;
      else copies.push({ ...copy, key: newKey(), locked: false });
    }
    setPlan((p) => [...p, ...copies]);
    notifications.show({ message: t('week.copied', { count: copies.length, skipped }) });
  };

  const people: WeekPerson[] = data?.people ?? [];
  const days = data?.days ?? [];
  const personTotals = new Map((totals?.people ?? []).map((p) => [p.userId, p]));
  const outletOptions = (outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const moveWeek = (n: number) => weekOf && setWeek(isoDay(addDays(new Date(`${weekOf}T12:00:00Z`), n, 'UTC'), 'UTC'));

  return (
    <Page
      title={t('week.title')}
      actions={
        <Group gap="xs">
          <Button variant="default" onClick={() => setManaging(true)} disabled={!outletId}>
            {t('week.manageTemplates')}
          </Button>
          <Button variant="default" onClick={() => void copyLastWeek()} disabled={!data}>
            {t('week.copyLastWeek')}
          </Button>
          <Button variant="default" onClick={() => setPlan(data ? fromWeek(data) : [])} disabled={pending === 0}>
            {t('week.discard')}
          </Button>
          <Button onClick={() => setPublishing(true)} disabled={pending === 0 || preview.isFetching}>
            {t('week.publish', { count: pending })}
          </Button>
        </Group>
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('week.outlet')} allowDeselect={false} data={outletOptions} value={outletId} onChange={(v) => { setPicked(v); setTemplate(null); }} />
        <Group gap={4}>
          <Button variant="default" onClick={() => moveWeek(-7)} aria-label={t('week.previous')}>
            ←
          </Button>
          <Button variant="default" onClick={() => setWeek(null)}>
            {t('week.thisWeek')}
          </Button>
          <Button variant="default" onClick={() => moveWeek(7)} aria-label={t('week.next')}>
            →
          </Button>
        </Group>
        {days.length > 0 && (
          <Text fw={500} aria-live="polite">
            {t('week.range', { from: dayLabel(days[0]!), to: dayLabel(days[6]!), zone: zoneTime(tz) })}
          </Text>
        )}
      </Group>
      <ErrorNotice error={stored.error ?? preview.error} />
      {/* dnd-kit's announcements live outside <main>: a status region inside it reads as a page still loading. */}
      <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd} accessibility={{ container: document.body }}>
        <Paper withBorder p="sm">
          <Group gap="xs" wrap="wrap" aria-label={t('week.templates')} role="group">
            <Text size="sm" fw={500}>
              {t('week.templates')}
            </Text>
            {(templates.data ?? []).length === 0 && (
              <Text size="sm" c="dimmed">
                {t('week.noTemplates')}
              </Text>
            )}
            {(templates.data ?? []).map((tpl) => (
              <Draggable key={tpl.id} id={`template:${tpl.id}`} label={t('week.templateChip', { name: tpl.name })} pressed={template === tpl.id} onClick={() => setTemplate(template === tpl.id ? null : tpl.id)}>
                <Badge size="lg" variant={template === tpl.id ? 'filled' : 'light'} color={tpl.colour ?? 'blue'} style={{ cursor: 'grab', textTransform: 'none' }}>
                  {tpl.name} · {tpl.startTime}–{tpl.endTime}
                </Badge>
              </Draggable>
            ))}
            <Switch label={t('week.copyMode')} checked={copyMode} onChange={(e) => setCopyMode(e.currentTarget.checked)} ml="auto" />
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('week.help')}
          </Text>
        </Paper>
        <Table.ScrollContainer minWidth={900}>
          <Table withTableBorder withColumnBorders aria-label={t('week.gridLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('week.person')}</Table.Th>
                {days.map((d) => (
                  <Table.Th key={d}>{dayLabel(d)}</Table.Th>
                ))}
                <Table.Th>{t('week.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.map((p) => {
                const total = personTotals.get(p.userId);
                return (
                  <Table.Tr key={p.userId}>
                    <Table.Th scope="row">
                      <Text size="sm" fw={500}>
                        {p.fullName}
                      </Text>
                      {!p.atOutlet && (
                        <Text size="xs" c="dimmed">
                          {t('week.notStaff')}
                        </Text>
                      )}
                    </Table.Th>
                    {days.map((d) => {
                      const here = plan.filter((s) => s.userId === p.userId && localDay(s.scheduledStart, tz) === d).sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart));
                      const away = p.unavailable.filter((u) => localDay(u.start, tz) <= d && localDay(new Date(Date.parse(u.end) - 1), tz) >= d);
                      const tpl = template ? templateOf(template) : undefined;
                      return (
                        <Cell key={d} id={`cell:${p.userId}:${d}`} label={t('week.cell', { name: p.fullName, day: dayLabel(d) })} onClick={() => tpl && here.length === 0 && addFromTemplate(tpl, p.userId, d)}>
                          {away.map((u) => (
                            <Text key={u.start} size="xs" c="red">
                              {t(`week.away.${u.source}`, { from: localTime(u.start, tz), to: localTime(u.end, tz) })}
                            </Text>
                          ))}
                          {here.map((s) => {
                            const span = `${localTime(s.scheduledStart, tz)}–${localTime(s.scheduledEnd, tz)}`;
                            return (
                              <Group key={s.key} gap={2} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                                <Draggable id={`shift:${s.key}`} disabled={s.locked} label={t('week.shift', { name: p.fullName, day: dayLabel(d), span })}>
                                  <Badge variant={s.id ? 'light' : 'outline'} color={s.locked ? 'gray' : 'blue'} style={{ cursor: s.locked ? 'default' : 'grab', textTransform: 'none' }}>
                                    {span}
                                  </Badge>
                                </Draggable>
                                {!s.locked && (
                                  <ActionIcon size="xs" variant="subtle" color="red" aria-label={t('week.remove', { name: p.fullName, span })} onClick={() => setPlan((ps) => ps.filter((x) => x.key !== s.key))}>
                                    ✕
                                  </ActionIcon>
                                )}
                              </Group>
                            );
                          })}
                        </Cell>
                      );
                    })}
                    <Table.Td aria-label={t('week.personTotal', { name: p.fullName })}>
                      <Text size="sm">{hours(total?.minutes ?? 0)}</Text>
                      <Text size="xs" c="dimmed">
                        {total?.cost ? money([total.cost]) : t('week.noPay')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{t('week.total')}</Table.Th>
                {(totals?.days ?? []).map((d) => (
                  <Table.Td key={d.date} aria-label={t('week.dayTotal', { day: dayLabel(d.date) })}>
                    <Text size="sm">{hours(d.minutes)}</Text>
                    <Text size="xs" c="dimmed">
                      {money(d.costs)}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td aria-label={t('week.weekTotal')}>
                  <Text size="sm" fw={600}>
                    {hours(totals?.minutes ?? 0)}
                  </Text>
                  <Text size="xs" fw={600}>
                    {money(totals?.costs ?? [])}
                  </Text>
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {data && people.length === 0 && <Text c="dimmed">{t('week.noStaff')}</Text>}
        {(totals?.unpriced.length ?? 0) > 0 && (
          <Text size="sm" c="dimmed">
            {t('week.unpriced', { names: totals!.unpriced.map(personName).join(', ') })}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('week.costNote')}
        </Text>
      </DndContext>
      {outletId && <ShiftTemplatesModal opened={managing} onClose={() => setManaging(false)} outletId={outletId} />}
      {outletId && publishing && (
        <PublishWeekModal
          onClose={() => setPublishing(false)}
          outletId={outletId}
          zone={tz}
          changes={changes}
          plan={plan}
          stored={data?.shifts ?? []}
        />
      )}
    </Page>
  );
}
