import { expect } from 'chai';
import pg from 'pg';
import { createDataSource, type DataSource } from './data-source.js';

/**
 * The indexes whose key is an expression: TypeORM's @Index names columns only, so an entity
 * declares such an index by name with `synchronize: false` and its definition is checked here, exactly.
 */
const EXPRESSION_INDEXES: Readonly<Record<string, string>> = {
  outlets_tenant_code_key: 'CREATE UNIQUE INDEX outlets_tenant_code_key ON public.outlets USING btree (tenant_id, lower(code))',
  asset_categories_tenant_name_key:
    'CREATE UNIQUE INDEX asset_categories_tenant_name_key ON public.asset_categories USING btree (tenant_id, lower(name)) WHERE (deleted_at IS NULL)',
  vendors_tenant_name_key: 'CREATE UNIQUE INDEX vendors_tenant_name_key ON public.vendors USING btree (tenant_id, lower(name)) WHERE (deleted_at IS NULL)',
  assets_tenant_tag_key: 'CREATE UNIQUE INDEX assets_tenant_tag_key ON public.assets USING btree (tenant_id, lower(tag)) WHERE (deleted_at IS NULL)',
  checklist_templates_tenant_name_key:
    'CREATE UNIQUE INDEX checklist_templates_tenant_name_key ON public.checklist_templates USING btree (tenant_id, lower(name)) WHERE (deleted_at IS NULL)',
};

const ON_ACTION: Readonly<Record<string, string>> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

/** The named constraints and indexes of the migrated database, one line each, as the entities must describe them. */
async function databaseConstraints(ds: DataSource): Promise<string[]> {
  const constraints: Array<{ tbl: string; name: string; type: string; def: string; cols: string[]; ref: string | null; refcols: string[]; ondelete: string; onupdate: string }> = await ds.query(`
    SELECT c.relname AS tbl, k.conname AS name, k.contype AS type, pg_get_constraintdef(k.oid) AS def, r.relname AS ref,
           k.confdeltype AS ondelete, k.confupdtype AS onupdate,
           array(SELECT a.attname::text FROM unnest(k.conkey) WITH ORDINALITY u(n, o) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY o) AS cols,
           array(SELECT a.attname::text FROM unnest(k.confkey) WITH ORDINALITY u(n, o) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.n ORDER BY o) AS refcols
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid LEFT JOIN pg_class r ON r.oid = k.confrelid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relname <> 'migrations' AND k.contype IN ('c', 'x', 'f', 'u')`);
  const indexes: Array<{ tbl: string; name: string; isunique: boolean; pred: string | null; def: string; expression: boolean; cols: string[] }> = await ds.query(`
    SELECT c.relname AS tbl, i.relname AS name, x.indisunique AS isunique, pg_get_expr(x.indpred, x.indrelid) AS pred,
           pg_get_indexdef(x.indexrelid) AS def, x.indexprs IS NOT NULL AS expression,
           array(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY u(n, o) JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = u.n ORDER BY o) AS cols
      FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relname <> 'migrations'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid)`);
  return [
    ...constraints.map((k) => {
      if (k.type === 'c') return `${k.tbl} check ${k.name}: ${k.def.replace(/^CHECK \((.*)\)$/s, '$1')}`;
      if (k.type === 'x') return `${k.tbl} exclusion ${k.name}: ${k.def.replace(/^EXCLUDE /, '')}`;
      if (k.type === 'u') return `${k.tbl} unique ${k.name}: (${k.cols.join(', ')})`;
      return `${k.tbl} foreign key ${k.name}: (${k.cols.join(', ')}) -> ${k.ref}(${k.refcols.join(', ')}) on delete ${ON_ACTION[k.ondelete]} on update ${ON_ACTION[k.onupdate]}`;
    }),
    ...indexes.map((i) =>
      i.expression ? `${i.tbl} index ${i.name}: ${i.def}` : `${i.tbl} index ${i.name}: ${i.isunique ? 'unique ' : ''}(${i.cols.join(', ')})${i.pred ? ` where ${i.pred}` : ''}`,
    ),
  ].sort();
}

/** The same lines from the entities' metadata. */
function entityConstraints(ds: DataSource): string[] {
  return ds.entityMetadatas
    .flatMap((m) => [
      ...m.checks.map((c) => `${m.tableName} check ${c.name}: ${c.expression}`),
      ...m.exclusions.map((x) => `${m.tableName} exclusion ${x.name}: ${x.expression}`),
      ...m.uniques.map((u) => `${m.tableName} unique ${u.name}: (${u.columns.map((c) => c.databaseName).join(', ')})`),
      ...m.foreignKeys.map(
        (f) =>
          `${m.tableName} foreign key ${f.name}: (${f.columnNames.join(', ')}) -> ${f.referencedEntityMetadata.tableName}(${f.referencedColumnNames.join(', ')}) on delete ${f.onDelete ?? 'NO ACTION'} on update ${f.onUpdate ?? 'NO ACTION'}`,
      ),
      ...m.indices.map((i) =>
        i.synchronize
          ? `${m.tableName} index ${i.name}: ${i.isUnique ? 'unique ' : ''}(${i.columns.map((c) => c.databaseName).join(', ')})${i.where ? ` where ${i.where}` : ''}`
          : `${m.tableName} index ${i.name}: ${EXPRESSION_INDEXES[i.name] ?? 'not synchronized, and not an accepted expression index'}`,
      ),
    ])
    .sort();
}

/**
 * The entities are the one description of each table: these tests fail when they and the
 * migrations disagree. They read a clone of the run's migrated template (named after it, so the
 * run's teardown drops a leftover); libs/testing builds on this package, so its helpers are out of reach.
 */
describe('schema drift: the entities describe the migrated database', function () {
  this.timeout(60_000);
  const templateUrl = () => new URL(process.env.WFM_TEST_TEMPLATE_URL ?? '');
  const template = () => templateUrl().pathname.slice(1);
  const name = () => `${template()}_drift${process.pid}`;
  let ds: DataSource;

  async function adminQuery(sql: string): Promise<void> {
    const c = new pg.Client({ connectionString: Object.assign(templateUrl(), { pathname: '/postgres' }).toString() });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  }

  before(async () => {
    await adminQuery(`CREATE DATABASE ${name()} TEMPLATE ${template()}`);
    ds = createDataSource({ url: Object.assign(templateUrl(), { pathname: `/${name()}` }).toString(), poolSize: 1 });
    await ds.initialize();
  });
  after(async () => {
    await ds?.destroy();
    await adminQuery(`DROP DATABASE IF EXISTS ${name()} WITH (FORCE)`);
  });

  it('every table the migrations create has an entity', async () => {
    const tables: Array<{ name: string }> = await ds.query(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname <> 'migrations' ORDER BY relname`,
    );
    const described = ds.entityMetadatas.map((m) => m.tableName).sort();
    expect(described).to.deep.equal(tables.map((t) => t.name));
  });

  it("TypeORM's schema diff between the entities and the database is empty", async () => {
    const sql = await ds.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).to.deep.equal([]);
  });

  // TypeORM's diff matches these by name alone: a changed expression, column list or action would pass it.
  it('checks, exclusions, uniques, foreign keys and indexes match by definition, not only by name', async () => {
    const [inDatabase, inEntities] = [await databaseConstraints(ds), entityConstraints(ds)];
    // The lines on one side only, so a failure names what differs rather than two long lists.
    expect({ databaseOnly: inDatabase.filter((l) => !inEntities.includes(l)), entitiesOnly: inEntities.filter((l) => !inDatabase.includes(l)) }).to.deep.equal({
      databaseOnly: [],
      entitiesOnly: [],
    });
    expect(inEntities).to.have.length(inDatabase.length);
  });
});
