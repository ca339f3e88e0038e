// Test support around the IaC stand-in (../cli): where its executables are, a versioned binary
// layout like a runner's TERRACE_IAC_BIN_DIR, a loopback releases host serving real zip files with
// SHA256SUMS and gpg signatures, and a recording HTTP state backend.
export { standInBin, installStandIns, type StandInName } from './lib/stand-in-paths';
export { createZip } from './lib/zip-writer';
export { startReleasesHost, type ReleasesHost } from './lib/releases-host';
export { createGpgSigner, type GpgSigner } from './lib/gpg-signer';
export { startStateBackend, type StateBackend, type RecordedRequest } from './lib/state-backend';
