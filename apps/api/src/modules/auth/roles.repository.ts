import type { Role } from '@rankwise/contract/endpoint';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userRoles } from '../../db/schema/auth.ts';

export function createRolesRepository(db: Db) {
  return {
    async hasRole(userId: string, role: Role): Promise<boolean> {
      const rows = await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
        .limit(1);
      return rows.length > 0;
    },
    async listRoles(userId: string): Promise<Role[]> {
      return (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
    },
    async grant(userId: string, role: Role): Promise<void> {
      await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
    },
    async revoke(userId: string, role: Role): Promise<void> {
      await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
    },
  };
}
export type RolesRepository = ReturnType<typeof createRolesRepository>;
