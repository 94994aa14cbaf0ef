import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/system.ts';

/**
 * The secret called `name`, stored as `candidate` unless some process stored one first. Safe when
 * processes race: the insert either lands or meets the other's row (the primary key decides, no
 * lock needed), and the select returns whichever value won.
 */
export async function putIfAbsentThenGet(db: Executor, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} vanished after its insert`);
  return row.value;
}
