import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLAS, EXPIRA_BARRIDO_S } from '../src/jobs/colas.ts';
import { crearEntorno, type Entorno } from './entorno.ts';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e?.cerrar());

describe('the minute sweep after a killed worker', () => {
  it('a run left active is given up after EXPIRA_BARRIDO_S, and the next one runs', async () => {
    const boss = e.app.boss;
    // A worker takes a run and dies with it (nothing completes it); the next minute's run waits.
    await boss.send(COLAS.barrido, {});
    expect(await boss.fetch(COLAS.barrido)).toHaveLength(1);
    await boss.send(COLAS.barrido, {});
    expect(await boss.fetch(COLAS.barrido)).toHaveLength(0);
    // Just past the expiry (far short of pg-boss's default 15 minutes), maintenance gives it up.
    await sql`update pgboss.job set started_on = now() - make_interval(secs => ${EXPIRA_BARRIDO_S + 5})
      where name = ${COLAS.barrido} and state = 'active'`.execute(e.db);
    await boss.maintain();
    expect(await boss.fetch(COLAS.barrido)).toHaveLength(1);
    expect(EXPIRA_BARRIDO_S).toBeLessThanOrEqual(300);
  });
});
