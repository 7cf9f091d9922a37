// Exposed by every remote as './BuildInfo' (web-config.ts). The value is compiled into
// the remote's own bundle, so "About this build" shows what the running code is, not only what
// its manifest claims.
import type { BuildInfo } from 'shared-contracts/build-info';

const buildInfo = JSON.parse(process.env.SB_BUILD_INFO as string) as BuildInfo;

export default buildInfo;
