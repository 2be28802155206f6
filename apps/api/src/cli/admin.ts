import { roles, type Role } from '@rankwise/contract/endpoint';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import { createRolesRepository } from '../modules/auth/roles.repository.ts';
import { openForCli } from './open.ts';

const usage = `Usage:
  npm run admin -- grant <email> [role]    give an account a role (default: admin)
  npm run admin -- revoke <email> [role]   take it away
  npm run admin -- roles <email>           list an account's roles
Roles: ${roles.join(', ')}. The account must exist (sign up first). With the embedded database, stop the server first.`;

const [command, emailArg, roleArg = 'admin'] = process.argv.slice(2);
if (!command || !emailArg || !['grant', 'revoke', 'roles'].includes(command)) {
  console.error(usage);
  process.exit(2);
}
if (!(roles as readonly string[]).includes(roleArg)) {
  console.error(`Unknown role '${roleArg}'. Roles: ${roles.join(', ')}.`);
  process.exit(2);
}
const role = roleArg as Role;

const { database } = await openForCli();
let code = 0;
try {
  const user = await createAuthRepository(database.db).findUserByEmail(emailArg.trim().toLowerCase());
  if (!user) {
    console.error(`No account with the e-mail ${emailArg}. Sign up first, then run this again.`);
    code = 1;
  } else {
    const repo = createRolesRepository(database.db);
    if (command === 'grant') await repo.grant(user.id, role);
    if (command === 'revoke') await repo.revoke(user.id, role);
    const now = await repo.listRoles(user.id);
    console.log(`${user.email} (${user.username}): ${now.length ? now.join(', ') : 'no roles'}`);
  }
} finally {
  await database.close();
}
process.exit(code);
