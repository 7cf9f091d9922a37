// Exposed by every remote as './BuildInfo' (scripts/web-config.mjs). The value is compiled into
// the remote's own bundle, so "About this build" shows what the running code is, not only what
// its manifest claims.
const buildInfo = JSON.parse(process.env.SB_BUILD_INFO);

export default buildInfo;
