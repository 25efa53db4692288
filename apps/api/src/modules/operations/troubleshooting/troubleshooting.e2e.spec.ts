import { expect } from 'chai';
import { createAsset, createAssetCategory, createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { expectSilentBesideWitness } from '../../../test-support/silence.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const forbidden = (message: string) => ({ message, error: 'Forbidden', statusCode: 403 });
const notFound = (message: string) => ({ message, error: 'Not Found', statusCode: 404 });
const conflict = (message: string) => ({ message, error: 'Conflict', statusCode: 409 });
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const GUIDE_404 = notFound('Guide not found');
const SESSION_404 = notFound('Session not found');

interface Step {
  id: string;
  instruction: string;
  caution: string | null;
}

describe('troubleshooting guides (HTTP)', () => {
  const s = twoTenantSuite();
  let outletId: string;
  let categoryId: string;
  let fridge: { id: string; name: string; tag: string };
  let staff: CreatedUser;
  let staffToken: string;
  let opsToken: string;
  let outletManagerToken: string;

  beforeEach(async () => {
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    categoryId = (await createAssetCategory(s.h.ds, s.tenantA, { name: 'Refrigeration' })).id;
    fridge = await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Walk-in fridge', categoryId });
    staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    const outletManager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    await assignOutlets(s.h.ds, s.tenantA, staff.id, [outletId]);
    await assignOutlets(s.h.ds, s.tenantA, outletManager.id, [outletId]);
    staffToken = await s.h.tokenFor(staff);
    outletManagerToken = await s.h.tokenFor(outletManager);
    opsToken = await s.tokenAs('OPERATIONS_MANAGER');
  });

  const guideBody = (over: Record<string, unknown> = {}) => ({
    title: 'Fridge not cooling',
    symptom: 'Fridge not cooling',
    categoryId,
    priority: 'HIGH',
    steps: [{ instruction: 'Check the plug and the switch', caution: 'Dry hands only' }, { instruction: 'Clear the vents at the back' }],
    ...over,
  });
  const createGuide = (b: unknown, token = opsToken) => s.h.request('POST', '/troubleshooting/guides', { token, body: b });
  const start = (guideId: string, assetId = fridge.id, token = staffToken) => s.h.request('POST', '/troubleshooting/sessions', { token, body: { guideId, assetId } });
  const answer = (id: string, stepId: string, fixed: unknown, token = staffToken) => s.h.request('POST', `/troubleshooting/sessions/${id}/steps/${stepId}`, { token, body: { fixed } });
  const giveUp = (id: string, token = staffToken) => s.h.request('POST', `/troubleshooting/sessions/${id}/give-up`, { token });
  const issuesOf = async (assetId: string): Promise<Array<Record<string, unknown>>> =>
    s.h.ds.query(`SELECT id, source, status, title, description, priority, outlet_id AS "outletId", reporter_user_id AS "reporterUserId" FROM issues WHERE tenant_id = $1 AND asset_id = $2`, [s.tenantA, assetId]);
  const raiseWitness = async () => {
    const res = await s.h.request('POST', '/issues', { token: staffToken, body: { outletId, title: 'Door sticks', priority: 'LOW' } });
    expect(res.status).to.equal(201);
    return [{ type: 'issue.created' as const, payload: { issueId: res.body.id } }];
  };

  it('writes a guide for a category and one for an asset; an asset lists its own guides first, then its category\'s', async () => {
    const category = await createGuide(guideBody());
    expect(category.status).to.equal(201);
    expect(category.body).to.deep.include({ tenantId: s.tenantA, categoryId, categoryName: 'Refrigeration', assetId: null, assetName: null, symptom: 'Fridge not cooling', priority: 'HIGH', active: true });
    expect(category.body.steps.map((st: Step) => [st.instruction, st.caution])).to.deep.equal([
      ['Check the plug and the switch', 'Dry hands only'],
      ['Clear the vents at the back', null],
    ]);
    expect(category.body.stats).to.deep.equal({ sessions: 0, resolved: 0, unresolved: 0, running: 0, resolvedRate: null });
    const own = await createGuide(guideBody({ categoryId: undefined, assetId: fridge.id, symptom: 'Door alarm beeps', steps: [{ instruction: 'Close the door firmly' }] }), outletManagerToken);
    expect(own.status).to.equal(201);
    expect(own.body).to.include({ assetId: fridge.id, assetName: 'Walk-in fridge', categoryId: null });
    const otherCategory = await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Oven' });
    await createGuide(guideBody({ categoryId: otherCategory.categoryId, symptom: 'Oven not heating' }));

    const forFridge = await s.h.request('GET', `/troubleshooting/guides?assetId=${fridge.id}`, { token: staffToken });
    expect(forFridge.status).to.equal(200);
    expect(forFridge.body.map((g: { id: string }) => g.id)).to.deep.equal([own.body.id, category.body.id]);
    const byCategory = await s.h.request('GET', `/troubleshooting/guides?categoryId=${categoryId}`, { token: staffToken });
    expect(byCategory.body.map((g: { id: string }) => g.id)).to.deep.equal([category.body.id]);
    expect((await s.h.request('GET', '/troubleshooting/guides', { token: staffToken })).body).to.have.length(3);
    const one = await s.h.request('GET', `/troubleshooting/guides/${own.body.id}`, { token: staffToken });
    expect(one.body).to.deep.equal(own.body);
  });

  it('lists the categories and, where the caller works, the assets to pick from', async () => {
    const far = await createAsset(s.h.ds, s.tenantA, (await createOutlet(s.h.ds, s.tenantA)).id, { name: 'Far fridge', categoryId });
    await createAsset(s.h.ds, s.tenantB, (await createOutlet(s.h.ds, s.tenantB)).id, { name: 'Foreign fridge' });
    const forStaff = await s.h.request('GET', '/troubleshooting/catalog', { token: staffToken });
    expect(forStaff.status).to.equal(200);
    expect(forStaff.body).to.deep.equal({
      categories: [{ id: categoryId, name: 'Refrigeration' }],
      assets: [{ id: fridge.id, name: 'Walk-in fridge', tag: fridge.tag, outletId, categoryId, categoryName: 'Refrigeration' }],
    });
    expect((await s.h.request('GET', '/troubleshooting/catalog', { token: opsToken })).body.assets.map((a: { name: string }) => a.name)).to.deep.equal([far.name, 'Walk-in fridge']);
    expect((await s.h.request('GET', '/troubleshooting/catalog')).body).to.deep.equal(UNAUTHORIZED);
  });

  it('changes a guide (steps replaced whole) and deletes it softly', async () => {
    const id = (await createGuide(guideBody())).body.id;
    const changed = await s.h.request('PATCH', `/troubleshooting/guides/${id}`, { token: opsToken, body: { priority: 'URGENT', steps: [{ instruction: 'Call the engineer' }] } });
    expect(changed.status).to.equal(200);
    expect(changed.body).to.include({ priority: 'URGENT', title: 'Fridge not cooling' });
    expect(changed.body.steps.map((st: Step) => st.instruction)).to.deep.equal(['Call the engineer']);
    const inactive = await s.h.request('PATCH', `/troubleshooting/guides/${id}`, { token: opsToken, body: { active: false } });
    expect(inactive.body.active).to.equal(false);
    expect((await s.h.request('GET', `/troubleshooting/guides?assetId=${fridge.id}`, { token: staffToken })).body).to.deep.equal([]);
    expect((await s.h.request('GET', `/troubleshooting/guides?assetId=${fridge.id}&active=false`, { token: opsToken })).body.map((g: { id: string }) => g.id)).to.deep.equal([id]);
    expect((await start(id)).body).to.deep.equal(conflict('This guide is not active'));

    expect((await s.h.request('DELETE', `/troubleshooting/guides/${id}`, { token: opsToken })).status).to.equal(204);
    expect((await s.h.request('GET', `/troubleshooting/guides/${id}`, { token: opsToken })).body).to.deep.equal(GUIDE_404);
    expect((await s.h.request('GET', '/troubleshooting/guides', { token: opsToken })).body).to.deep.equal([]);
    expect((await s.h.request('DELETE', `/troubleshooting/guides/${id}`, { token: opsToken })).body).to.deep.equal(GUIDE_404);
    expect((await s.h.ds.query(`SELECT deleted_at IS NOT NULL AS deleted FROM troubleshooting_guides WHERE id = $1`, [id]))[0].deleted).to.equal(true);
  });

  it('validates bodies, queries and ids', async () => {
    expect((await createGuide(guideBody({ assetId: fridge.id }))).body).to.deep.equal(badRequest('body must name exactly one of categoryId and assetId'));
    expect((await createGuide(guideBody({ categoryId: undefined }))).body).to.deep.equal(badRequest('body must name exactly one of categoryId and assetId'));
    expect((await createGuide(guideBody({ steps: [] }))).body).to.deep.equal(badRequest('steps must contain at least 1 element'));
    expect((await createGuide(guideBody({ steps: Array.from({ length: 21 }, () => ({ instruction: 'Again' })) }))).body).to.deep.equal(badRequest('steps must contain at most 20 elements'));
    expect((await createGuide(guideBody({ steps: [{ instruction: ' ' }] }))).body).to.deep.equal(badRequest('steps.0.instruction must be at least 1 characters'));
    expect((await createGuide(guideBody({ steps: [{ instruction: 'x', danger: true }] }))).body).to.deep.equal(badRequest('property steps.0.danger should not exist'));
    expect((await createGuide(guideBody({ priority: 'SOON' }))).body).to.deep.equal(badRequest('priority must be one of the following values: LOW, MEDIUM, HIGH, URGENT'));
    expect((await createGuide(guideBody({ symptom: 'x'.repeat(121) }))).body).to.deep.equal(badRequest('symptom must be at most 120 characters'));
    expect((await createGuide(guideBody({ categoryId: 'fridges' }))).body).to.deep.equal(badRequest('categoryId must be a UUID'));
    expect((await createGuide(guideBody({ title: 'a\u0000b' }))).body).to.deep.equal(badRequest('title must not contain control characters or invalid Unicode'));
    const id = (await createGuide(guideBody())).body.id;
    expect((await s.h.request('PATCH', `/troubleshooting/guides/${id}`, { token: opsToken, body: {} })).body).to.deep.equal(
      badRequest('body must contain at least one of: title, symptom, priority, active, steps'),
    );
    expect((await s.h.request('PATCH', `/troubleshooting/guides/${id}`, { token: opsToken, body: { assetId: fridge.id } })).body).to.deep.equal(
      badRequest('property assetId should not exist', 'body must contain at least one of: title, symptom, priority, active, steps'),
    );
    expect((await s.h.request('GET', '/troubleshooting/guides/nope', { token: opsToken })).body).to.deep.equal(badRequest('id must be a UUID'));
    expect((await s.h.request('GET', '/troubleshooting/guides?active=maybe', { token: opsToken })).body).to.deep.equal(badRequest('active must be one of the following values: true, false'));
    expect((await s.h.request('GET', '/troubleshooting/guides?assetId=fridge', { token: opsToken })).status).to.equal(400);
    const session = (await start(id)).body;
    expect((await answer(session.id, session.currentStepId, 'yes')).body).to.deep.equal(badRequest('fixed must be a boolean'));
    expect((await s.h.request('POST', `/troubleshooting/sessions/${session.id}/steps/${session.currentStepId}`, { token: staffToken, body: {} })).body).to.deep.equal(badRequest('fixed is required'));
    expect((await answer(session.id, 'step-1', true)).body).to.deep.equal(badRequest('stepId must be a UUID'));
    expect((await s.h.request('POST', '/troubleshooting/sessions', { token: staffToken, body: { guideId: id } })).body).to.deep.equal(badRequest('assetId is required'));
    expect((await createGuide(guideBody({ categoryId: fridge.id }))).body).to.deep.equal(notFound('Asset category not found'));
    expect((await createGuide(guideBody({ categoryId: undefined, assetId: categoryId }))).body).to.deep.equal(notFound('Asset not found'));
  });

  it('who may write and read: tenant-wide roles for a category, an OUTLET_MANAGER for assets at their outlets; staff read where they work; 401; 404 across tenants', async () => {
    const elsewhere = await createAsset(s.h.ds, s.tenantA, (await createOutlet(s.h.ds, s.tenantA)).id, { name: 'Far fridge', categoryId });
    const assetGuide = (assetId: string) => guideBody({ categoryId: undefined, assetId });
    expect((await createGuide(guideBody(), staffToken)).body).to.deep.equal(FORBIDDEN);
    expect((await createGuide(guideBody(), await s.tokenAs('HR_MANAGER'))).body).to.deep.equal(FORBIDDEN);
    expect((await createGuide(guideBody(), outletManagerToken)).body).to.deep.equal(forbidden('Only tenant-wide roles write guides for a whole category'));
    expect((await createGuide(assetGuide(elsewhere.id), outletManagerToken)).body).to.deep.equal(forbidden('You can write guides only for assets at your outlets'));

    const category = (await createGuide(guideBody())).body.id;
    const far = (await createGuide(assetGuide(elsewhere.id))).body.id;
    const near = (await createGuide(assetGuide(fridge.id), outletManagerToken)).body.id;
    expect((await s.h.request('PATCH', `/troubleshooting/guides/${category}`, { token: outletManagerToken, body: { active: false } })).body).to.deep.equal(
      forbidden('Only tenant-wide roles write guides for a whole category'),
    );
    expect((await s.h.request('DELETE', `/troubleshooting/guides/${far}`, { token: outletManagerToken })).body).to.deep.equal(GUIDE_404);
    expect((await s.h.request('PATCH', `/troubleshooting/guides/${near}`, { token: outletManagerToken, body: { title: 'Door alarm' } })).body.title).to.equal('Door alarm');
    expect((await s.h.request('PATCH', `/troubleshooting/guides/${near}`, { token: staffToken, body: { title: 'Mine' } })).body).to.deep.equal(FORBIDDEN);

    expect((await s.h.request('GET', '/troubleshooting/guides', { token: staffToken })).body.map((g: { id: string }) => g.id)).to.have.members([category, near]);
    expect((await s.h.request('GET', '/troubleshooting/guides', { token: opsToken })).body.map((g: { id: string }) => g.id)).to.have.members([category, near, far]);
    expect((await s.h.request('GET', `/troubleshooting/guides/${far}`, { token: staffToken })).body).to.deep.equal(GUIDE_404);
    expect((await s.h.request('GET', `/troubleshooting/guides?assetId=${elsewhere.id}`, { token: staffToken })).body).to.deep.equal(notFound('Asset not found'));
    expect((await start(category, elsewhere.id)).body).to.deep.equal(notFound('Asset not found'));

    const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await s.h.request('GET', `/troubleshooting/guides/${category}`, { token: foreign })).body).to.deep.equal(GUIDE_404);
    expect((await s.h.request('PATCH', `/troubleshooting/guides/${category}`, { token: foreign, body: { active: false } })).body).to.deep.equal(GUIDE_404);
    expect((await s.h.request('DELETE', `/troubleshooting/guides/${category}`, { token: foreign })).body).to.deep.equal(GUIDE_404);
    expect((await s.h.request('GET', `/troubleshooting/guides?assetId=${fridge.id}`, { token: foreign })).body).to.deep.equal(notFound('Asset not found'));
    expect((await createGuide(guideBody(), foreign)).body).to.deep.equal(notFound('Asset category not found'));
    const session = (await start(category)).body;
    expect((await s.h.request('GET', `/troubleshooting/sessions/${session.id}`, { token: foreign })).body).to.deep.equal(SESSION_404);
    expect((await answer(session.id, session.currentStepId, false, foreign)).body).to.deep.equal(SESSION_404);
    expect((await start(category, fridge.id, foreign)).body).to.deep.equal(notFound('Asset not found'));
    const foreignAsset = await createAsset(s.h.ds, s.tenantB, (await createOutlet(s.h.ds, s.tenantB)).id);
    expect((await start(category, foreignAsset.id, foreign)).body).to.deep.equal(GUIDE_404);

    expect((await s.h.request('GET', '/troubleshooting/guides')).body).to.deep.equal(UNAUTHORIZED);
    expect((await s.h.request('POST', '/troubleshooting/sessions', { body: { guideId: category, assetId: fridge.id } })).body).to.deep.equal(UNAUTHORIZED);
  });

  it('"Fixed it" ends the session RESOLVED and raises nothing', async () => {
    const guide = (await createGuide(guideBody())).body;
    const started = await start(guide.id);
    expect(started.status).to.equal(201);
    expect(started.body).to.deep.include({ guideId: guide.id, assetId: fridge.id, outletId, userId: staff.id, status: 'RUNNING', issueId: null, endedAt: null, currentStepId: guide.steps[0].id, answers: [] });
    const [first, second] = guide.steps as Step[];
    await expectSilentBesideWitness(
      s.h.ds,
      s.tenantA,
      ['issue.created', 'issue.resolved'],
      async () => {
        const afterFirst = await answer(started.body.id, first!.id, false);
        expect(afterFirst.body).to.include({ status: 'RUNNING', currentStepId: second!.id });
        const fixed = await answer(started.body.id, second!.id, true);
        expect(fixed.status).to.equal(200);
        expect(fixed.body).to.include({ status: 'RESOLVED', currentStepId: null, issueId: null, endedAt: s.h.clock.now().toISOString() });
        expect(fixed.body.answers.map((a: { stepId: string; fixed: boolean }) => [a.stepId, a.fixed])).to.deep.equal([
          [first!.id, false],
          [second!.id, true],
        ]);
      },
      raiseWitness,
    );
    expect(await issuesOf(fridge.id)).to.deep.equal([]);
    expect((await giveUp(started.body.id)).body).to.deep.equal(conflict('This session has ended'));
  });

  it('"Still broken" on the last step ends it UNRESOLVED and raises one issue silently, whatever the phone resends', async () => {
    const guide = (await createGuide(guideBody())).body;
    const session = (await start(guide.id)).body;
    const [first, second] = guide.steps as Step[];
    let ended: { status: string; issueId: string } | undefined;
    await expectSilentBesideWitness(
      s.h.ds,
      s.tenantA,
      ['issue.created', 'issue.resolved'],
      async () => {
        await answer(session.id, first!.id, false);
        expect((await answer(session.id, first!.id, false)).body.status).to.equal('RUNNING');
        ended = (await answer(session.id, second!.id, false)).body;
        expect((await answer(session.id, second!.id, false)).body).to.deep.equal(ended);
        expect((await giveUp(session.id)).body).to.deep.equal(ended);
      },
      raiseWitness,
    );
    expect(ended).to.include({ status: 'UNRESOLVED' });
    const issues = await issuesOf(fridge.id);
    expect(issues).to.deep.equal([
      {
        id: ended!.issueId,
        source: 'TROUBLESHOOTING',
        status: 'OPEN',
        title: 'Fridge not cooling — Walk-in fridge (troubleshooting did not fix it)',
        description: 'Troubleshooting guide "Fridge not cooling" did not fix it.\nSteps tried, each still broken after:\n1. Check the plug and the switch\n2. Clear the vents at the back',
        priority: 'HIGH',
        outletId,
        reporterUserId: staff.id,
      },
    ]);
    expect((await answer(session.id, second!.id, true)).body).to.deep.equal(conflict('This step was already answered otherwise'));
    const issue = await s.h.request('GET', `/issues/${ended!.issueId}`, { token: staffToken });
    expect(issue.body).to.include({ source: 'TROUBLESHOOTING', assetId: fridge.id });
  });

  it('giving up raises the issue silently, naming the steps not tried; once', async () => {
    const guide = (await createGuide(guideBody({ priority: 'MEDIUM' }))).body;
    const session = (await start(guide.id)).body;
    await answer(session.id, guide.steps[0].id, false);
    await expectSilentBesideWitness(
      s.h.ds,
      s.tenantA,
      ['issue.created', 'issue.resolved'],
      async () => {
        const first = await giveUp(session.id);
        expect(first.body).to.include({ status: 'UNRESOLVED', currentStepId: null });
        expect((await giveUp(session.id)).body).to.deep.equal(first.body);
      },
      raiseWitness,
    );
    const [issue] = await issuesOf(fridge.id);
    expect(issue).to.include({
      priority: 'MEDIUM',
      description: 'Troubleshooting guide "Fridge not cooling" did not fix it (stopped before the last step).\nSteps tried, each still broken after:\n1. Check the plug and the switch\nNot tried:\n2. Clear the vents at the back',
    });
    expect(await issuesOf(fridge.id)).to.have.length(1);
  });

  it('answers in order, only by the runner; a guide for another category is refused', async () => {
    const guide = (await createGuide(guideBody())).body;
    const session = (await start(guide.id)).body;
    expect((await answer(session.id, guide.steps[1].id, true)).body).to.deep.equal(conflict('Answer the steps in order: this is not the current step'));
    expect((await answer(session.id, session.id, true)).body).to.deep.equal(notFound('Step not found'));
    expect((await answer(session.id, guide.steps[0].id, true, outletManagerToken)).body).to.deep.equal(SESSION_404);
    expect((await giveUp(session.id, opsToken)).body).to.deep.equal(SESSION_404);
    expect((await s.h.request('GET', `/troubleshooting/sessions/${session.id}`, { token: staffToken })).body).to.deep.equal(session);
    expect((await answer(session.id, guide.steps[0].id, true)).body.status).to.equal('RESOLVED');
    expect((await answer(session.id, guide.steps[1].id, false)).body).to.deep.equal(conflict('This session has ended'));
    const oven = await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Oven' });
    expect((await start(guide.id, oven.id)).body).to.deep.equal(conflict('This guide is not for this asset'));
  });

  it('a session keeps the steps it started with when the guide is edited; stats show how the guide worked', async () => {
    const guide = (await createGuide(guideBody())).body;
    const running = (await start(guide.id)).body;
    const edited = await s.h.request('PATCH', `/troubleshooting/guides/${guide.id}`, { token: opsToken, body: { steps: [{ instruction: 'Call the engineer' }], priority: 'LOW' } });
    expect(edited.body.steps.map((st: Step) => st.id)).to.not.include.members([guide.steps[0].id]);
    const resumed = await s.h.request('GET', `/troubleshooting/sessions/${running.id}`, { token: staffToken });
    expect(resumed.body.steps).to.deep.equal(guide.steps);
    await answer(running.id, guide.steps[0].id, false);
    const ended = await answer(running.id, guide.steps[1].id, false);
    expect(ended.body.status).to.equal('UNRESOLVED');
    expect((await issuesOf(fridge.id))[0]).to.include({ priority: 'HIGH' });

    const fresh = (await start(guide.id)).body;
    expect(fresh.steps).to.deep.equal(edited.body.steps);
    expect((await answer(fresh.id, fresh.currentStepId, true)).body.status).to.equal('RESOLVED');
    await start(guide.id);
    const stats = (await s.h.request('GET', `/troubleshooting/guides/${guide.id}`, { token: outletManagerToken })).body.stats;
    expect(stats).to.deep.equal({ sessions: 2, resolved: 1, unresolved: 1, running: 1, resolvedRate: 0.5 });
  });

  it('guides go with their deleted asset or category; a session already running still ends with its issue', async () => {
    const categoryGuide = (await createGuide(guideBody())).body.id;
    const assetGuide = (await createGuide(guideBody({ categoryId: undefined, assetId: fridge.id }))).body;
    const running = (await start(assetGuide.id)).body;
    await s.h.ds.query(`UPDATE assets SET deleted_at = now() WHERE id = $1`, [fridge.id]);
    expect((await s.h.request('GET', `/troubleshooting/guides/${assetGuide.id}`, { token: opsToken })).body).to.deep.equal(GUIDE_404);
    expect((await s.h.request('GET', '/troubleshooting/guides', { token: opsToken })).body.map((g: { id: string }) => g.id)).to.deep.equal([categoryGuide]);
    const ended = await giveUp(running.id);
    expect(ended.body.status).to.equal('UNRESOLVED');
    expect((await issuesOf(fridge.id)).map((i) => i.title)).to.deep.equal(['Fridge not cooling — Walk-in fridge (troubleshooting did not fix it)']);

    await s.h.ds.query(`UPDATE asset_categories SET deleted_at = now() WHERE id = $1`, [categoryId]);
    expect((await s.h.request('GET', '/troubleshooting/guides', { token: opsToken })).body).to.deep.equal([]);
    expect((await s.h.request('PATCH', `/troubleshooting/guides/${categoryGuide}`, { token: opsToken, body: { active: false } })).body).to.deep.equal(GUIDE_404);
  });
});
