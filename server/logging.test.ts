/**
 * @jest-environment node
 */
import { sql } from 'drizzle-orm';
import { ResponseCode } from '@agler/contract/constants';
import { errorForLog, sanitisedDatabaseMessage } from './logging';
import { call, loginAs, setUpTestApp, USER } from './test/app';

/** What the log holds when things go wrong: what failed, never the statement, its values or a secret. */

const lines: string[] = [];
const logged = () => lines.join('');

const t = setUpTestApp({ logLevel: 'info', logStream: { write: (line) => lines.push(line) } });
beforeEach(() => {
  lines.length = 0;
});

describe('a database error on a write that carries secrets', () => {
  const NAME = 'probe-name-7f3a';

  beforeAll(async () => {
    // The database refuses this one key's row: the insert fails with the pair already in its values.
    await t.database.db.execute(
      sql.raw(`ALTER TABLE access_key ADD CONSTRAINT refuse_probe CHECK (name <> '${NAME}')`),
    );
  });
  afterAll(async () => {
    await t.database.db.execute(sql.raw('ALTER TABLE access_key DROP CONSTRAINT refuse_probe'));
  });

  it('is logged by its class, SQLSTATE and reason, without the query, its parameters or the keys', async () => {
    const cookie = await loginAs(t.app, USER);
    lines.length = 0;
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/user/key/add',
      payload: { name: NAME },
      cookie,
    });
    expect(answer.code).toBe(ResponseCode.SYSTEM_ERROR);

    const errors = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request failed');
    expect(errors).toHaveLength(1);
    expect(errors[0].err).toMatchObject({ code: '23514', type: expect.any(String) });
    expect(errors[0].err.message).toContain('refuse_probe');
    const text = logged();
    expect(text).not.toMatch(/ak_[A-Za-z0-9_-]{8}/);
    expect(text).not.toMatch(/sk_[A-Za-z0-9_-]{8}/);
    expect(text).not.toMatch(/v1:[A-Za-z0-9+/]{16}/);
    expect(text).not.toContain(NAME);
    expect(text).not.toContain(USER.id);
    expect(text).not.toMatch(/insert into|Failed query|params|Failing row/i);
  });
});

describe('redaction', () => {
  it('hides credentials in headers and secrets in bodies', () => {
    t.app.log.info(
      {
        req: {
          headers: {
            cookie: 'SESSION=c00k1e',
            authorization: 'Bearer t0ken',
            accesskey: 'ak_v1sible',
            sign: 's1gn',
          },
        },
        body: { userAccount: 'someone', userPassword: 'pa55word', secretKey: 'sk_s3cret' },
      },
      'probe',
    );
    const text = logged();
    expect(text).toContain('someone');
    for (const secret of ['c00k1e', 't0ken', 'ak_v1sible', 's1gn', 'pa55word', 'sk_s3cret']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('errorForLog', () => {
  /** Drizzle's wrapper around a driver's error, as both drivers give them. */
  function drizzleError() {
    const driver = Object.assign(new Error('value too long for type character varying(8)'), {
      code: '22001',
      detail: 'Failing row contains (ak_secret, v1:sealed)',
      query: 'insert into "access_key" values ($1, $2)',
      params: ['ak_secret', 'v1:sealed'],
    });
    return Object.assign(
      new Error('Failed query: insert into "access_key" values ($1, $2)\nparams: ak_secret,v1:sealed'),
      {
        query: 'insert into "access_key" values ($1, $2)',
        params: ['ak_secret', 'v1:sealed'],
        cause: driver,
      },
    );
  }

  it('keeps a database error to its class, code, reason and frames', () => {
    const logged = errorForLog(drizzleError());
    expect(logged).toMatchObject({
      type: 'Error',
      code: '22001',
      message: 'value too long for type character varying(8)',
    });
    expect(logged.stack).toMatch(/^Error: value too long for type character varying\(8\)\n\s+at /);
    expect(JSON.stringify(logged)).not.toMatch(/secret|sealed|insert|params/);
  });

  it('drops the values a database quotes in its message', () => {
    expect(
      sanitisedDatabaseMessage('invalid input syntax for type timestamp with time zone: "+010000-01-01"'),
    ).toBe('invalid input syntax for type timestamp with time zone');
    expect(
      sanitisedDatabaseMessage(
        'duplicate key value violates unique constraint "access_key_access_key_unique"',
      ),
    ).toBe('duplicate key value violates unique constraint "access_key_access_key_unique"');
  });

  it('leaves other errors their message and stack, and reads their causes the same way', () => {
    const error = new TypeError('x is not a function', { cause: drizzleError() });
    const logged = errorForLog(error);
    expect(logged).toMatchObject({
      type: 'TypeError',
      message: 'x is not a function',
      cause: { code: '22001' },
    });
    expect(logged.stack).toContain('logging.test.ts');
    expect(JSON.stringify(logged)).not.toContain('ak_secret');
  });

  it('stops on an error that is its own cause', () => {
    const error: Error & { cause?: unknown } = new Error('loop');
    error.cause = error;
    expect(errorForLog(error).message).toBe('loop');
  });
});
