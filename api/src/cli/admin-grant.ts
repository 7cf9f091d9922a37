// pnpm --filter api admin:grant <email> — makes an existing user admin (api/README.md#operator-commands).
// Works while the API runs: a PGlite folder owned by the API is reached through its operator channel.
import { main } from '../operator/cli';

await main('admin:grant');
