import { expect } from 'chai';
import { stdSerializers } from 'pino';
import { createLogger, errorSerializer, maskSqlLiterals } from './logger.js';

/** What TypeORM's QueryFailedError carries: the SQL, its parameters, the driver error, and the driver error's fields copied onto itself. */
function queryFailedError(): Error {
  const driverError = Object.assign(new Error('duplicate key value violates unique constraint "users_tenant_email"'), {
    code: '23505',
    detail: 'Key (tenant_id, email)=(7f0c, alice@example.com) already exists.',
    constraint: 'users_tenant_email',
    table: 'users',
    where: 'PL/pgSQL function audit() line 3 at SQL statement with alice@example.com',
  });
  const { name: _name, ...fields } = driverError;
  return Object.assign(new Error(driverError.message), {
    name: 'QueryFailedError',
    query: `INSERT INTO users (email, password_hash, note, tier) VALUES ($1, $2, 'vip-note', 42) RETURNING id`,
    parameters: ['alice@example.com', '$scrypt$N=131072,r=8,p=1$c2FsdA$hash-of-the-password'],
    driverError,
    ...fields,
  });
}

function capture() {
  const lines: string[] = [];
  const logger = createLogger('test', 'info', { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe('logger: database errors are logged without their values', () => {
  it('drops parameters, detail and context, masks the literals of the SQL text, keeps what diagnoses the error', () => {
    const { logger, lines } = capture();
    logger.error({ err: queryFailedError() }, 'unhandled error');
    expect(lines).to.have.length(1);
    const line = lines[0]!;
    for (const secret of ['alice@example.com', 'hash-of-the-password', 'vip-note']) expect(line).not.to.contain(secret);
    const err = JSON.parse(line).err;
    expect(err).to.include({ code: '23505', constraint: 'users_tenant_email', table: 'users', message: 'duplicate key value violates unique constraint "users_tenant_email"' });
    expect(err.query).to.equal(`INSERT INTO users (email, password_hash, note, tier) VALUES ($1, $2, '?', ?) RETURNING id`);
    expect(err).not.to.have.any.keys('parameters', 'detail', 'where');
    expect(err.driverError).to.include({ code: '23505' }).and.not.to.have.any.keys('detail', 'where');
  });

  it('treats an error pino-http has already serialized the same way', () => {
    const out = errorSerializer(stdSerializers.err(queryFailedError())) as Record<string, unknown>;
    expect(JSON.stringify(out)).not.to.contain('alice@example.com');
    expect(out).to.include({ type: 'Error', code: '23505' });
  });

  it('masks the value PostgreSQL quotes in the message of a data exception (class 22)', () => {
    const driverError = Object.assign(new Error('invalid input syntax for type uuid: "reset-token-secret"'), { code: '22P02', routine: 'string_to_uuid' });
    const err = Object.assign(new Error(driverError.message), { query: 'SELECT $1::uuid', parameters: ['reset-token-secret'], driverError, code: '22P02' });
    const { logger, lines } = capture();
    logger.error({ err }, 'unhandled error');
    expect(lines[0]).not.to.contain('reset-token-secret');
    expect(JSON.parse(lines[0]!).err).to.include({ message: 'invalid input syntax for type uuid: "?"', code: '22P02', query: 'SELECT $1::uuid' });
  });

  it('leaves the logged error object itself untouched', () => {
    const err = queryFailedError() as Error & { parameters: unknown[] };
    capture().logger.error({ err }, 'x');
    expect(err.parameters).to.have.length(2);
  });
});

describe('maskSqlLiterals', () => {
  for (const [sql, masked] of [
    [`SELECT * FROM t WHERE a = $1 AND b = 'x''y' LIMIT 50`, `SELECT * FROM t WHERE a = $1 AND b = '?' LIMIT ?`],
    [`SELECT E'\\\\x' , $tag$body $1$tag$, $$plain$$, 1.5e3`, `SELECT '?' , $?$, $?$, ?`],
    [`SELECT name='x', "col2", t1.c3::int4 FROM t1`, `SELECT name='?', "col2", t1.c3::int4 FROM t1`],
  ] as const) {
    it(`${sql} -> ${masked}`, () => expect(maskSqlLiterals(sql)).to.equal(masked));
  }
});
