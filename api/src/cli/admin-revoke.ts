// pnpm --filter api admin:revoke <email> — gives an admin back their earlier role (api/README.md#operator-commands).
// Refuses to remove the last admin. Works while the API runs, like admin:grant.
import { main } from '../operator/cli';

await main('admin:revoke');
