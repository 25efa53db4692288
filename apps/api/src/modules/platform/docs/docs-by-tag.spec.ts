import { expect } from 'chai';
import { slugOf, splitByTag, type OpenApiDoc } from './docs-by-tag.js';

const op = (tag: string, operationId: string, extra: object = {}) => ({ operationId, summary: `Do ${operationId}`, tags: [tag], ...extra });
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function fixture(): OpenApiDoc {
  return {
    openapi: '3.1.0',
    info: { title: 'API', version: '1.0.0' },
    servers: [{ url: 'http://localhost:3000/api/v1' }],
    paths: {
      '/shifts/{id}': {
        parameters: [{ $ref: '#/components/parameters/Id' }],
        get: op('shifts', 'getShift', { security: [{ bearer: [] }], responses: { 200: { content: { 'application/json': { schema: schema('Shift') } } } } }),
        delete: op('admin', 'deleteShift', { security: [{ admin: [] }], responses: { 404: { content: { 'application/json': { schema: schema('NotFound') } } } } }),
      },
      '/health': { get: op('platform', 'getHealth', { security: [], responses: { 200: { description: 'ok' } } }) },
    },
    webhooks: { shiftCreated: { post: op('shifts', 'shiftCreated', { requestBody: { content: { 'application/json': { schema: schema('Shift') } } } }) } },
    components: {
      schemas: { Shift: { type: 'object', properties: { place: schema('Place') } }, Place: { type: 'object', properties: { parent: schema('Place') } }, NotFound: { type: 'object' }, Unused: { type: 'object' } },
      parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, admin: { type: 'http', scheme: 'bearer' } },
    },
  };
}

describe('splitByTag: a document per OpenAPI tag', () => {
  const byTag = (doc: OpenApiDoc) => new Map(splitByTag(doc, (tag) => `About ${tag}`).map((t) => [t.tag, t]));

  it('holds the tag operations, with their path item parameters, and the webhooks of the tag', () => {
    const shifts = byTag(fixture()).get('shifts')!;
    expect(shifts.document.paths).to.have.all.keys('/shifts/{id}');
    expect(shifts.document.paths!['/shifts/{id}']).to.have.all.keys('parameters', 'get');
    expect(shifts.document.webhooks).to.have.all.keys('shiftCreated');
    expect(shifts.operations).to.deep.equal([{ method: 'get', path: '/shifts/{id}', operationId: 'getShift', summary: 'Do getShift' }]);
    expect(byTag(fixture()).get('platform')!.document).to.not.have.property('webhooks');
  });

  it('keeps exactly the components reached, through components too (a cycle included), and the schemes the requirements name', () => {
    const shifts = byTag(fixture()).get('shifts')!.document;
    expect(shifts.components).to.deep.equal({
      parameters: { Id: fixture().components!.parameters!.Id },
      schemas: { Place: fixture().components!.schemas!.Place, Shift: fixture().components!.schemas!.Shift },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    });
    expect(byTag(fixture()).get('admin')!.document.components).to.have.all.keys('parameters', 'schemas', 'securitySchemes');
    expect(byTag(fixture()).get('platform')!.document.components).to.deep.equal({});
  });

  it('copies the rest of the document, names the tag in the title and takes the description given', () => {
    const platform = byTag(fixture()).get('platform')!;
    expect(platform.document).to.include({ openapi: '3.1.0' });
    expect(platform.document.servers).to.deep.equal([{ url: 'http://localhost:3000/api/v1' }]);
    expect(platform.document.info).to.deep.equal({ title: 'API: platform', version: '1.0.0', description: 'About platform' });
  });

  it('sorts the tags by name whatever their case, and slugs them into path segments', () => {
    const doc = fixture();
    doc.paths!['/doors'] = { get: op('Access control: door', 'getDoors') };
    expect(splitByTag(doc, String).map((t) => t.slug)).to.deep.equal(['access-control-door', 'admin', 'platform', 'shifts']);
    expect(slugOf('  Wallet passes!! ')).to.equal('wallet-passes');
  });

  it('refuses two tags on one page, and a tag whose page another route takes', () => {
    const twins = fixture();
    twins.paths!['/a'] = { get: op('Shifts', 'getA') };
    expect(() => splitByTag(twins, String)).to.throw(/"shifts".*"Shifts"|"Shifts".*"shifts"/);
    const reserved = fixture();
    reserved.paths!['/b'] = { get: op('Public', 'getB') };
    expect(() => splitByTag(reserved, String)).to.throw(/"Public".*taken/);
  });
});
